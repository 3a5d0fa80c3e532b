public enum InklingEnginesPlaceholder {}
