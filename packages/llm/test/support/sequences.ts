// Sequences the planner tests paste, from the antibody toolkit's test set
// (packages/antibody/src/fixtures/therapeutic-antibodies.ts, which cites its sources) and UniProt.

/** Rituximab VH: murine variable domain of the chimeric antibody (a humanization candidate). */
export const RITUXIMAB_VH =
  'QVQLQQPGAELVKPGASVKMSCKASGYTFTSYNMHWVKQTPGRGLEWIGAIYPGNGDTSYNQKFKGKATLTADKSSSTAYMQLSSLTSEDSAVYYCARSTYYGGDWYFNVWGAGTTVTVSA';
/** Rituximab VL (murine kappa). */
export const RITUXIMAB_VL =
  'QIVLSQSPAILSASPGEKVTMTCRASSSVSYIHWFQQKPGSSPKPWIYATSNLASGVPVRFSGSGSGTSYSLTISRVEAEDAATYYCQQWTSNPPTFGGGTKLEIK';
/** Trastuzumab VH (PDB 1N8Z). */
export const TRASTUZUMAB_VH =
  'EVQLVESGGGLVQPGGSLRLSCAASGFNIKDTYIHWVRQAPGKGLEWVARIYPTNGYTRYADSVKGRFTISADTSKNTAYLQMNSLRAEDTAVYYCSRWGGDGFYAMDYWGQGTLVTVSS';
/** Trastuzumab VL (kappa, PDB 1N8Z). */
export const TRASTUZUMAB_VL =
  'DIQMTQSPSSLSASVGDRVTITCRASQDVNTAVAWYQQKPGKAPKLLIYSASFLYSGVPSRFSGSRSGTDFTLTISSLQPEDFATYYCQQHYTTPPTFGQGTKVEIK';
/** Avelumab VL (lambda). */
export const AVELUMAB_VL =
  'QSALTQPASVSGSPGQSITISCTGTSSDVGGYNYVSWYQQHPGKAPKLMIYDVSNRPSGVSNRFSGSKSGNTASLTISGLQAEDEADYYCSSYTSSSTRVFGTGTKVTVL';
/** Hen egg-white lysozyme, mature chain (UniProt P00698): an antigen, not an antibody. */
export const LYSOZYME =
  'KVFGRCELAAAMKRHGLDNYRGYSLGNWVCAAKFESNFNTQATNRNTDGSTDYGILQINSRWWCNDGRTPGSRNLCNIPCSALLSSDITASVNCAKKIVSDGNGMNAWVAWRNRCKGTDVQAWIRGCRL';

/** A sequence wrapped at `width` letters a line, as FASTA files are written. */
export function wrap(sequence: string, width = 60): string {
  return sequence.replace(new RegExp(`(.{${width}})`, 'g'), '$1\n').trim();
}

/** A sequence in numbered blocks of ten, as GenBank and many papers print it. */
export function blocks(sequence: string): string {
  const lines: string[] = [];
  for (let i = 0; i < sequence.length; i += 60) {
    const line = sequence
      .slice(i, i + 60)
      .replace(/(.{10})/g, '$1 ')
      .trim();
    lines.push(`${String(i + 1).padStart(4)} ${line}`);
  }
  return lines.join('\n');
}
