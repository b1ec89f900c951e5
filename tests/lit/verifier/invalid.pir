// RUN: pirc-opt %s --split-input-file --verify-diagnostics
// RUN: not pirc-opt %s --split-input-file 2>&1 >/dev/null | filecheck %s --check-prefix=MSG

// A value used before the op that defines it.
// MSG: invalid.pir:9:5: error: 'pd_op.relu' op operand #0 is used before its definition
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4],stop_gradient:[true]} : () -> tensor<4xf32>
    // expected-error@+1 {{operand #0 is used before its definition}}
    (%1) = "pd_op.relu" (%2) {stop_gradient:[true]} : (tensor<4xf32>) -> tensor<4xf32>
    (%2) = "pd_op.relu" (%0) {stop_gradient:[true]} : (tensor<4xf32>) -> tensor<4xf32>
}

// -----

// The capture rule: an inner region may use outer values, never the reverse.
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4],stop_gradient:[true]} : () -> tensor<4xf32>
    (%1) = "pd_op.full" () {dtype:bool,place:Place(cpu),shape:[1],stop_gradient:[true],value:true} : () -> tensor<1xb>
    (%2) = "pd_op.if" (%1) {stop_gradient:[true]} -> tensor<4xf32> {
        (%3) = "pd_op.relu" (%0) {stop_gradient:[true]} : (tensor<4xf32>) -> tensor<4xf32>
        () = "cf.yield" (%3) {} : (tensor<4xf32>) -> 
    } else {
        () = "cf.yield" (%0) {} : (tensor<4xf32>) -> 
    }
    // expected-error@+1 {{operand #0 is defined inside a region of 'pd_op.if' and cannot be used outside it}}
    (%4) = "pd_op.tanh" (%3) {stop_gradient:[true]} : (tensor<4xf32>) -> tensor<4xf32>
}

// -----

// A value defined twice.
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4],stop_gradient:[true]} : () -> tensor<4xf32>
    // expected-error@+1 {{redefinition of value %0}}
    (%0) = "pd_op.relu" (%0) {stop_gradient:[true]} : (tensor<4xf32>) -> tensor<4xf32>
}

// -----

// Yields that do not match the parent's results.
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4],stop_gradient:[true]} : () -> tensor<4xf32>
    (%1) = "pd_op.full" () {dtype:bool,place:Place(cpu),shape:[1],stop_gradient:[true],value:true} : () -> tensor<1xb>
    // expected-error@+1 {{the else-region yields (tensor<1xb>) but the op expects (tensor<4xf32>)}}
    (%2) = "pd_op.if" (%1) {stop_gradient:[true]} -> tensor<4xf32> {
        () = "cf.yield" (%0) {} : (tensor<4xf32>) -> 
    } else {
        () = "cf.yield" (%1) {} : (tensor<1xb>) -> 
    }
}

// -----

// A while body must yield the condition and the loop variables.
{
    (%0) = "pd_op.full" () {dtype:int64,place:Place(cpu),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%1) = "pd_op.full" () {dtype:bool,place:Place(cpu),shape:[1],stop_gradient:[true],value:true} : () -> tensor<1xb>
    // expected-error@+1 {{the body yields (tensor<1xi64>) but the loop expects (condition, tensor<1xi64>)}}
    (%2) = "pd_op.while" (cond=%1, inputs=%0) { 
    ^%arg_0 {stop_gradient:true}
        () = "cf.yield" (%arg_0) {} : (tensor<1xi64>) -> 
    }
}

// -----

// Operand counts come from the op definition.
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4],stop_gradient:[true]} : () -> tensor<4xf32>
    // expected-error@+1 {{'pd_op.relu' op expects 1 operands (x), got 2}}
    (%1) = "pd_op.relu" (%0, %0) {stop_gradient:[true]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
}

// -----

// Result types must agree with the op's shape rule.
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"w",place:Place(undefined:0),shape:[3,5],stop_gradient:[true]} : () -> tensor<3x5xf32>
    // expected-error@+1 {{result #0 has type tensor<2x4xf32> but the op's shape rule gives tensor<2x5xf32>}}
    (%2) = "pd_op.matmul" (%0, %1) {stop_gradient:[true],transpose_x:false,transpose_y:false} : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x4xf32>
    // expected-error@+1 {{result #0 has type tensor<2x3xi32> but the op's shape rule gives tensor<2x3xf32>}}
    (%3) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xi32>
}

// -----

// Unknown ops of pirc's dialects are rejected; other dialects pass through.
{
    // expected-error@+1 {{'pd_op.frobnicate' op is not a known op of the 'pd_op' dialect}}
    (%0) = "pd_op.frobnicate" () {} : () -> tensor<4xf32>
    (%1) = "my_dialect.thing" (%0) {} : (tensor<4xf32>) -> tensor<4xf32>
}

// -----

// The printed operand type must be the value's type.
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4],stop_gradient:[true]} : () -> tensor<4xf32>
    // expected-error@+1 {{use of value %0 expects type tensor<8xf32> but it was defined with type tensor<4xf32>}}
    (%1) = "pd_op.relu" (%0) {stop_gradient:[true]} : (tensor<8xf32>) -> tensor<8xf32>
}

// -----

// A value nobody defines.
{
    // expected-error@+1 {{use of undefined value %7}}
    (%1) = "pd_op.relu" (%7) {stop_gradient:[true]} : (tensor<8xf32>) -> tensor<8xf32>
}

// -----

// Counts between the signature and the operand / result lists.
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4],stop_gradient:[true]} : () -> tensor<4xf32>
    // expected-error@+1 {{'pd_op.relu' defines 2 results but its signature lists 1 result types}}
    (%1, %2) = "pd_op.relu" (%0) {stop_gradient:[true]} : (tensor<4xf32>) -> tensor<4xf32>
}
