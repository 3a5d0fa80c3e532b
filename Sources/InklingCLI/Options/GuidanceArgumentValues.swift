import InklingGuidance

/// `--encoding scribble|soft|distance|confidence`.
extension GuidanceEncoding: ArgumentValue {}

/// `--fit fit|fill|stretch`.
extension FitPolicy: ArgumentValue {}
