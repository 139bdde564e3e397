"""Sysadmin command of issue 47: extract-files, the text and thumbnails of files never read (services/documents)."""
import time

import click


def register(app):
    @app.cli.command("extract-files")
    @click.option("--retry-failed", is_flag=True, help="Also read again the files whose reading failed.")
    @click.option("--limit", type=int, default=0, help="Stop after this many files (0: all).")
    def extract_files(retry_failed, limit):
        """Read the text and make the thumbnail of every file not read yet (from before issue 47, copied or
        imported), here, one at a time, in id order. Resumable: a file is done once its state is written, so a
        run stopped (Ctrl-C, a crash) goes on where it was when started again."""
        from .services.documents import work
        after, done, states, started = 0, 0, {}, time.monotonic()
        while not limit or done < limit:
            batch = work.unread(retry_failed, after, 100 if not limit else min(100, limit - done))
            if not batch:
                break
            for file_id, stored_name in batch:
                state = work.process(file_id, stored_name) or "gone"
                states[state] = states.get(state, 0) + 1
                done += 1
                after = file_id
                click.echo(f"file {file_id}: {state}")
        summary = ", ".join(f"{n} {s}" for s, n in sorted(states.items())) or "nothing to read"
        click.echo(f"{done} files in {time.monotonic() - started:.1f} s: {summary}")
