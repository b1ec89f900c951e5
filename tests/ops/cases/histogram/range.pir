{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[6],stop_gradient:[true]} : () -> tensor<6xf32>
    (%1) = "pd_op.histogram" (%0, <<NULL VALUE>>) {bins:4,density:false,max:4,min:0,stop_gradient:[true]} : (tensor<6xf32>, <<NULL TYPE>>) -> tensor<4xi64>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<4xi64>) -> tensor<4xi64>
}
