// RUN: pirc-opt %s --split-input-file --verify-diagnostics

// Syntax errors are located by the grammar.
{
    // expected-error@+1 {{expected ': (operand types) -> result types' after the attributes of 'pd_op.full'}}
    (%0) = "pd_op.full" () {dtype:float32} -> tensor<4xf32>
}

// -----

{
    // expected-error@+1 {{unknown element type 'f33'}}
    (%0) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[4],value:1} : () -> tensor<4xf33>
}

// -----

{
    // expected-error@+1 {{dimension 123456789012345678901 in 'tensor<123456789012345678901xf32>' does not fit in int64}}
    (%0) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[4],value:1} : () -> tensor<123456789012345678901xf32>
}

// -----

{
    // expected-error@+1 {{unexpected character '@'}}
    (%0) = @ 
}
