import classes from './Toolkit.module.css';

/** A sequence with the residues that differ from `reference` marked (same-length sequences only). */
export function Highlighted({ sequence, reference }: { sequence: string; reference?: string }) {
  if (!reference || reference.length !== sequence.length) {
    return <span className={classes.sequence}>{sequence}</span>;
  }
  return (
    <span className={classes.sequence}>
      {[...sequence].map((letter, i) =>
        letter === reference[i] ? (
          letter
        ) : (
          <mark key={i} className={classes.changed}>
            {letter}
          </mark>
        ),
      )}
    </span>
  );
}
