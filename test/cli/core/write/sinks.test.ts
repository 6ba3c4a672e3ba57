/** The sinks of cli/core/write/sinks.ts: build's new folder, written as files come, with backpressure. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newFolderSink } from '../../../../cli/core/write/sinks.ts';
import { tempDir } from '../../../helpers/cli.ts';

describe('the new-folder sink', () => {
  it('holds rendering back while many writes wait, and lets it go once the disk caught up', async () => {
    const dir = tempDir();
    const sink = newFolderSink(dir, tempDir());
    for (let i = 0; i < 2000; i++) sink.write(`p${i}.html`, Buffer.from(`<p>${i}</p>`));
    let caughtUp = false;
    const waiting = (sink.caughtUp as () => Promise<void>)().then(() => (caughtUp = true));
    // 2,000 writes cannot have ended in one turn of the event loop: rendering must wait.
    await new Promise((go) => setImmediate(go));
    expect(caughtUp).toBe(false);
    await waiting;
    await sink.flush();
    expect(readdirSync(dir)).toHaveLength(2000);
    expect(readFileSync(join(dir, 'p1999.html'), 'utf8')).toBe('<p>1999</p>');
    // Nothing waits now: it resolves at once.
    await (sink.caughtUp as () => Promise<void>)();
  });
});
