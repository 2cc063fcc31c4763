from pairkit.cli.root import main

main()
