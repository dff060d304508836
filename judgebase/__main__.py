from .cli import cli

if __name__ == "__main__":  # not when a worker process (the search worker) imports this module
    cli(prog_name="judgebase")
