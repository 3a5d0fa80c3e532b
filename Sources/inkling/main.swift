import InklingCLI
