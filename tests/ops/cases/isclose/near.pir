{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[5],stop_gradient:[true]} : () -> tensor<5xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[5],stop_gradient:[true]} : () -> tensor<5xf32>
    (%2) = "pd_op.full" () {dtype:float64,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.01} : () -> tensor<1xf64>
    (%3) = "pd_op.full" () {dtype:float64,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.001} : () -> tensor<1xf64>
    (%4) = "pd_op.isclose" (%0, %1, %2, %3) {equal_nan:true,stop_gradient:[true]} : (tensor<5xf32>, tensor<5xf32>, tensor<1xf64>, tensor<1xf64>) -> tensor<5xb>
    (%5) = "pd_op.fetch" (%4) {col:0,name:"out0",stop_gradient:[true]} : (tensor<5xb>) -> tensor<5xb>
}
