public enum InklingCLIPlaceholder {}
