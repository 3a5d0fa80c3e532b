public enum InklingGuidancePlaceholder {}
