{
    (%0) = "builtin.parameter" () {is_distributed:[false],is_parameter:[true],need_clip:[false],parameter_name:"conv2d_0.w_0",persistable:[true],stop_gradient:[false],trainable:[true]} : () -> tensor<16x3x3x3xf32>
    (%1) = "builtin.parameter" () {is_distributed:[false],is_parameter:[true],need_clip:[false],parameter_name:"conv2d_0.b_0",persistable:[true],stop_gradient:[false],trainable:[true]} : () -> tensor<16xf32>
    (%2) = "pd_op.data" () {dtype:int32,name:"rois_num",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xi32>
    (%3) = "pd_op.data" () {dtype:float32,name:"rois",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xf32>
    (%4) = "pd_op.data" () {dtype:int32,name:"im_shape",place:Place(undefined:0),shape:[1,2],stop_gradient:[true]} : () -> tensor<1x2xi32>
    (%5) = "pd_op.data" () {dtype:float32,name:"image",place:Place(undefined:0),shape:[1,3,16,16],stop_gradient:[true]} : () -> tensor<1x3x16x16xf32>
    (%6) = "pd_op.conv2d" (%5, %0) {data_format:"NCHW",dilations:[1,1],groups:1,padding_algorithm:"EXPLICIT",paddings:[1,1],persistable:[false],stop_gradient:[false],strides:[4,4]} : (tensor<1x3x16x16xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x4x4xf32>
    (%7) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,16,1,1]} : () -> tensor<4xi64>
    (%8) = "pd_op.reshape" (%1, %7) {persistable:[false],stop_gradient:[false]} : (tensor<16xf32>, tensor<4xi64>) -> tensor<1x16x1x1xf32>
    (%9) = "pd_op.add" (%6, %8) {persistable:[false],stop_gradient:[false]} : (tensor<1x16x4x4xf32>, tensor<1x16x1x1xf32>) -> tensor<1x16x4x4xf32>
    (%10, %11) = "pd_op.yolo_box" (%9, %4) {anchors:[10,13,16,30],class_num:3,clip_bbox:true,conf_thresh:0.01,downsample_ratio:4,iou_aware:false,iou_aware_factor:0.5,persistable:[false,false],scale_x_y:1.05,stop_gradient:[false,false]} : (tensor<1x16x4x4xf32>, tensor<1x2xi32>) -> tensor<1x32x4xf32>, tensor<1x32x3xf32>
    (%12) = "pd_op.transpose" (%11) {perm:[0,2,1],persistable:[false],stop_gradient:[false]} : (tensor<1x32x3xf32>) -> tensor<1x3x32xf32>
    (%13, %14, %15) = "pd_op.multiclass_nms3" (%10, %12, <<NULL VALUE>>) {background_label:-1,keep_top_k:12,nms_eta:1,nms_threshold:0.45,nms_top_k:30,normalized:false,persistable:[false,false,false],score_threshold:0.01,stop_gradient:[false,false,false]} : (tensor<1x32x4xf32>, tensor<1x3x32xf32>, <<NULL TYPE>>) -> tensor<-1x6xf32>, tensor<-1x1xi32>, tensor<-1xi32>
    (%16) = "pd_op.roi_align" (%9, %3, %2) {aligned:true,persistable:[false],pooled_height:2,pooled_width:2,sampling_ratio:2,spatial_scale:0.25,stop_gradient:[false]} : (tensor<1x16x4x4xf32>, tensor<3x4xf32>, tensor<1xi32>) -> tensor<3x16x2x2xf32>
    (%17) = "pd_op.fetch" (%10) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[false]} : (tensor<1x32x4xf32>) -> tensor<1x32x4xf32>
    (%18) = "pd_op.fetch" (%11) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[false]} : (tensor<1x32x3xf32>) -> tensor<1x32x3xf32>
    (%19) = "pd_op.fetch" (%13) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[false]} : (tensor<-1x6xf32>) -> tensor<-1x6xf32>
    (%20) = "pd_op.fetch" (%14) {col:3,name:"fetch_name_3",persistable:[true],stop_gradient:[false]} : (tensor<-1x1xi32>) -> tensor<-1x1xi32>
    (%21) = "pd_op.fetch" (%15) {col:4,name:"fetch_name_4",persistable:[true],stop_gradient:[false]} : (tensor<-1xi32>) -> tensor<-1xi32>
    (%22) = "pd_op.fetch" (%16) {col:5,name:"fetch_name_5",persistable:[true],stop_gradient:[false]} : (tensor<3x16x2x2xf32>) -> tensor<3x16x2x2xf32>
}
