import type { LoadedDefinition } from './definition-cache';
import type { InstanceRun } from './instance-run';

interface HotEntry {
  rev: number;
  run: InstanceRun;
  definition: LoadedDefinition;
}

/**
 * Live engines of recently used instances, so a command can skip JSON.parse + recover + resume
 * (most of a command's CPU with bpmn-engine). An entry is taken out while a command uses it and
 * put back only after that command committed, tagged with the row revision it matches; a
 * command that finds no entry, or a different revision (another replica, a failed commit),
 * recovers from MySQL as before.
 */
export class HotInstances {
  private readonly entries = new Map<string, HotEntry>();

  constructor(private readonly capacity: number) {}

  checkout(id: string, rev: number, definition: LoadedDefinition): InstanceRun | null {
    const entry = this.entries.get(id);
    if (!entry) return null;
    this.entries.delete(id);
    return entry.rev === rev && entry.definition === definition ? entry.run : null;
  }

  checkin(id: string, rev: number, run: InstanceRun, definition: LoadedDefinition): void {
    if (this.capacity <= 0 || run.ended) return;
    this.entries.delete(id);
    this.entries.set(id, { rev, run, definition });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  evict(id: string): void {
    this.entries.delete(id);
  }
}
