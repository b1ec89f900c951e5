{
    (%0) = "pd_op.data" () {dtype:int64,name:"x",place:Place(undefined:0),shape:[4,1],stop_gradient:[true]} : () -> tensor<4x1xi64>
    (%1) = "pd_op.shard_index" (%0) {ignore_value:-1,index_num:20,nshards:2,shard_id:0,stop_gradient:[true]} : (tensor<4x1xi64>) -> tensor<4x1xi64>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<4x1xi64>) -> tensor<4x1xi64>
}
