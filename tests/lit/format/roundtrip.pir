// Programs Paddle printed come back byte for byte, directly and through the
// older typed style; pirc-opt composes in pipes.
// RUN: pirc-opt %S/../../corpus/while_loop/program.pir | diff - %S/../../corpus/while_loop/program.pir
// RUN: pirc-opt %S/../../corpus/if_else/program.pir --legacy-attr-types | pirc-opt | diff - %S/../../corpus/if_else/program.pir
// RUN: cat %S/../../corpus/transformer_layer/program.pir | pirc-opt - -o %t && diff %t %S/../../corpus/transformer_layer/program.pir
// RUN: pirc-opt %S/../../corpus/if_else/program.pir --legacy-attr-types | filecheck %s
// CHECK: (%{{[0-9]+}}) = "pd_op.data" () {dtype:(pd_op.DataType)float32,name:"x",place:(pd_op.Place)Place(undefined:0),shape:[(Int32)-1,(Int32)8]
// CHECK-SAME: -> builtin.tensor<-1x8xf32>
// CHECK: "pd_op.if"
// CHECK: } else {
