public enum InklingComparisonPlaceholder {}
