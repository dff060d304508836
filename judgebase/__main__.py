from .entry import main

if __name__ == "__main__":  # not when a worker process (the search worker) imports this module
    main()
