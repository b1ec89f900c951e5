// RUN: pirc-opt %s --split-input-file --verify-diagnostics
// RUN: not pirc-opt %s --split-input-file 2>&1 >/dev/null | filecheck %s --check-prefix=MSG

// pd_op.rnn checks Paddle's packed layout: 4 * num_layers * directions weight tensors.
// MSG: rnn.pir:13:5: error: 'pd_op.rnn' op rnn: weight_list must hold 8 tensors (weights then biases for 2 layer(s) x 1 direction(s)), got 4
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[5,-1,4],stop_gradient:[true]} : () -> tensor<5x-1x4xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"h",place:Place(undefined:0),shape:[2,-1,3],stop_gradient:[true]} : () -> tensor<2x-1x3xf32>
    (%2) = "pd_op.data" () {dtype:float32,name:"w",place:Place(undefined:0),shape:[9,4],stop_gradient:[true]} : () -> tensor<9x4xf32>
    (%3) = "builtin.combine" (%1) {} : (tensor<2x-1x3xf32>) -> vec[tensor<2x-1x3xf32>]
    (%4) = "builtin.combine" (%2, %2, %2, %2) {} : (tensor<9x4xf32>, tensor<9x4xf32>, tensor<9x4xf32>, tensor<9x4xf32>) -> vec[tensor<9x4xf32>,tensor<9x4xf32>,tensor<9x4xf32>,tensor<9x4xf32>]
    // expected-error@+1 {{weight_list must hold 8 tensors}}
    (%5, %6, %7, %8) = "pd_op.rnn" (%0, %3, %4, <<NULL VALUE>>, <<NULL VALUE>>) {dropout_prob:0,hidden_size:3,input_size:4,is_bidirec:false,is_test:true,mode:"GRU",num_layers:2,seed:0,stop_gradient:[false,false,false,false]} : (tensor<5x-1x4xf32>, vec[tensor<2x-1x3xf32>], vec[tensor<9x4xf32>,tensor<9x4xf32>,tensor<9x4xf32>,tensor<9x4xf32>], <<NULL TYPE>>, <<NULL TYPE>>) -> tensor<5x-1x3xf32>, tensor<f32>, vec[tensor<2x-1x3xf32>], tensor<f32>
}

// -----

// An LSTM needs both h0 and c0.
// MSG: error: 'pd_op.rnn' op rnn: mode LSTM takes 2 pre_state tensors
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[5,-1,4],stop_gradient:[true]} : () -> tensor<5x-1x4xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"h",place:Place(undefined:0),shape:[1,-1,3],stop_gradient:[true]} : () -> tensor<1x-1x3xf32>
    (%2) = "pd_op.data" () {dtype:float32,name:"w",place:Place(undefined:0),shape:[12,4],stop_gradient:[true]} : () -> tensor<12x4xf32>
    (%3) = "builtin.combine" (%1) {} : (tensor<1x-1x3xf32>) -> vec[tensor<1x-1x3xf32>]
    (%4) = "builtin.combine" (%2, %2, %2, %2) {} : (tensor<12x4xf32>, tensor<12x4xf32>, tensor<12x4xf32>, tensor<12x4xf32>) -> vec[tensor<12x4xf32>,tensor<12x4xf32>,tensor<12x4xf32>,tensor<12x4xf32>]
    // expected-error@+1 {{mode LSTM takes 2 pre_state tensors}}
    (%5, %6, %7, %8) = "pd_op.rnn" (%0, %3, %4, <<NULL VALUE>>, <<NULL VALUE>>) {dropout_prob:0,hidden_size:3,input_size:4,is_bidirec:false,is_test:true,mode:"LSTM",num_layers:1,seed:0,stop_gradient:[false,false,false,false]} : (tensor<5x-1x4xf32>, vec[tensor<1x-1x3xf32>], vec[tensor<12x4xf32>,tensor<12x4xf32>,tensor<12x4xf32>,tensor<12x4xf32>], <<NULL TYPE>>, <<NULL TYPE>>) -> tensor<5x-1x3xf32>, tensor<f32>, vec[tensor<1x-1x3xf32>], tensor<f32>
}
