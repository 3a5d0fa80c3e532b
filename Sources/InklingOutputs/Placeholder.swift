public enum InklingOutputsPlaceholder {}
