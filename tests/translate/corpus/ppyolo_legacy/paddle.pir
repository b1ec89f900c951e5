{
    (%0) = "builtin.parameter" () {parameter_name:"conv2d_0.w_0",persistable:[true],stop_gradient:[false]} : () -> tensor<16x3x3x3xf32>
    (%1) = "builtin.parameter" () {parameter_name:"conv2d_0.b_0",persistable:[true],stop_gradient:[false]} : () -> tensor<16xf32>
    (%2) = "pd_op.feed" () {col:3,name:"rois_num",persistable:[false],stop_gradient:[false]} : () -> tensor<1xi32>
    (%3) = "pd_op.feed" () {col:2,name:"rois",persistable:[false],stop_gradient:[false]} : () -> tensor<3x4xf32>
    (%4) = "pd_op.feed" () {col:1,name:"im_shape",persistable:[false],stop_gradient:[false]} : () -> tensor<1x2xi32>
    (%5) = "pd_op.feed" () {col:0,name:"image",persistable:[false],stop_gradient:[false]} : () -> tensor<1x3x16x16xf32>
    (%6) = "pd_op.conv2d" (%5, %0) {data_format:"NCHW",dilations:[1,1],groups:1,padding_algorithm:"EXPLICIT",paddings:[1,1],persistable:[false],stop_gradient:[false],strides:[4,4]} : (tensor<1x3x16x16xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x4x4xf32>
    (%7) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,16,1,1]} : () -> tensor<4xi64>
    (%8) = "pd_op.reshape" (%1, %7) {persistable:[false],stop_gradient:[false]} : (tensor<16xf32>, tensor<4xi64>) -> tensor<1x16x1x1xf32>
    (%9) = "pd_op.add" (%6, %8) {persistable:[false],stop_gradient:[false]} : (tensor<1x16x4x4xf32>, tensor<1x16x1x1xf32>) -> tensor<1x16x4x4xf32>
    (%10, %11) = "pd_op.yolo_box" (%9, %4) {anchors:[10,13,16,30],class_num:3,clip_bbox:true,conf_thresh:0.01,downsample_ratio:4,iou_aware:false,iou_aware_factor:0.5,persistable:[false,false],scale_x_y:1.05,stop_gradient:[false,false]} : (tensor<1x16x4x4xf32>, tensor<1x2xi32>) -> tensor<1x32x4xf32>, tensor<1x32x3xf32>
    (%12) = "pd_op.transpose" (%11) {perm:[0,2,1],persistable:[false],stop_gradient:[false]} : (tensor<1x32x3xf32>) -> tensor<1x3x32xf32>
    (%13, %14, %15) = "pd_op.multiclass_nms3" (%10, %12, <<NULL VALUE>>) {background_label:-1,keep_top_k:12,nms_eta:1,nms_threshold:0.45,nms_top_k:30,normalized:false,persistable:[false,false,false],score_threshold:0.01,stop_gradient:[false,false,false]} : (tensor<1x32x4xf32>, tensor<1x3x32xf32>, <<NULL TYPE>>) -> tensor<-1x6xf32>, tensor<-1x1xi32>, tensor<-1xi32>
    (%16) = "pd_op.roi_align" (%9, %3, %2) {aligned:true,persistable:[false],pooled_height:2,pooled_width:2,sampling_ratio:2,spatial_scale:0.25,stop_gradient:[false]} : (tensor<1x16x4x4xf32>, tensor<3x4xf32>, tensor<1xi32>) -> tensor<3x16x2x2xf32>
    (%17) = "pd_op.fetch" (%10) {col:0,name:"yolo_box_0.tmp_0"} : (tensor<1x32x4xf32>) -> tensor<1x32x4xf32>
    (%18) = "pd_op.fetch" (%11) {col:1,name:"yolo_box_0.tmp_1"} : (tensor<1x32x3xf32>) -> tensor<1x32x3xf32>
    (%19) = "pd_op.fetch" (%13) {col:2,name:"multiclass_nms3_0.tmp_0"} : (tensor<-1x6xf32>) -> tensor<-1x6xf32>
    (%20) = "pd_op.fetch" (%14) {col:3,name:"multiclass_nms3_0.tmp_1"} : (tensor<-1x1xi32>) -> tensor<-1x1xi32>
    (%21) = "pd_op.fetch" (%15) {col:4,name:"multiclass_nms3_0.tmp_2"} : (tensor<-1xi32>) -> tensor<-1xi32>
    (%22) = "pd_op.fetch" (%16) {col:5,name:"roi_align_0.tmp_0"} : (tensor<3x16x2x2xf32>) -> tensor<3x16x2x2xf32>
}
