public enum InklingImageIOPlaceholder {}
