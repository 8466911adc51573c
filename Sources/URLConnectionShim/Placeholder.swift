enum URLConnectionShimPlaceholder {}
