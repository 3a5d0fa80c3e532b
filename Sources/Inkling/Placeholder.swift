public enum InklingPlaceholder {}
