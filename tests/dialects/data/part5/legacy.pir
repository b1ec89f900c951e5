{
    (%0) = "builtin.parameter" () {parameter_name:"sc",persistable:[true],stop_gradient:[false]} : () -> tensor<3xf32>
    (%1) = "builtin.parameter" () {parameter_name:"zp",persistable:[true],stop_gradient:[false]} : () -> tensor<3xf32>
    (%2) = "pd_op.feed" () {col:1,name:"hot",persistable:[false],stop_gradient:[false]} : () -> tensor<2x3xf32>
    (%3) = "pd_op.feed" () {col:0,name:"x",persistable:[false],stop_gradient:[false]} : () -> tensor<2x3xf32>
    (%4, %5, %6, %7) = "pd_op.quantize_linear" (%3, %0, %1, <<NULL VALUE>>, <<NULL VALUE>>) {bit_length:8,is_test:true,only_observer:false,persistable:[false,false,false,false],qmax:127,qmin:-128,quant_axis:1,round_type:0,stop_gradient:[false,false,false,false]} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, <<NULL TYPE>>, <<NULL TYPE>>) -> tensor<2x3xf32>, <<NULL TYPE>>, <<NULL TYPE>>, <<NULL TYPE>>
    (%8, %9, %10, %11) = "pd_op.dequantize_linear" (%4, %0, %1, <<NULL VALUE>>, <<NULL VALUE>>) {bit_length:8,is_test:true,only_observer:false,persistable:[false,false,false,false],qmax:127,qmin:-128,quant_axis:1,round_type:0,stop_gradient:[false,false,false,false]} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, <<NULL TYPE>>, <<NULL TYPE>>) -> tensor<2x3xf32>, <<NULL TYPE>>, <<NULL TYPE>>, <<NULL TYPE>>
    (%12) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2,3]} : () -> tensor<2xi64>
    (%13) = "pd_op.gaussian" (%12) {dtype:float32,mean:1,persistable:[false],place:Place(undefined:0),seed:31,std:0.5,stop_gradient:[false]} : (tensor<2xi64>) -> tensor<2x3xf32>
    (%14) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2,3]} : () -> tensor<2xi64>
    (%15) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:-1} : () -> tensor<1xf32>
    (%16) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%17) = "pd_op.uniform" (%14, %15, %16) {dtype:float32,persistable:[false],place:Place(undefined:0),seed:37,stop_gradient:[false]} : (tensor<2xi64>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x3xf32>
    (%18) = "pd_op.full" () {dtype:int32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xi32>
    (%19) = "pd_op.multinomial" (%2, %18) {persistable:[false],replacement:true,stop_gradient:[false]} : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<2x2xi64>
    (%20) = "builtin.combine" (%8, %13, %17) {} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> vec[tensor<2x3xf32>,tensor<2x3xf32>,tensor<2x3xf32>]
    (%21) = "pd_op.add_n" (%20) {persistable:[false],stop_gradient:[false]} : (vec[tensor<2x3xf32>,tensor<2x3xf32>,tensor<2x3xf32>]) -> tensor<2x3xf32>
    (%22) = "pd_op.fetch" (%4) {col:0,name:"q_0.tmp_0"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%23) = "pd_op.fetch" (%21) {col:1,name:"q_0.tmp_5"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%24) = "pd_op.fetch" (%19) {col:2,name:"q_0.tmp_4"} : (tensor<2x2xi64>) -> tensor<2x2xi64>
}
