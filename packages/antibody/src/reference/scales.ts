/**
 * Per-residue amino-acid scales used by the epitope predictors and the developability figures.
 *
 * - Kolaskar & Tongaonkar antigenic propensity: Kolaskar A.S. & Tongaonkar P.C., FEBS Lett. 276:172-174
 *   (1990), Table 1 (the table behind EMBOSS `antigenic` and the IEDB B-cell tools). Values read from
 *   several independent public copies of that table, which agree to three decimals.
 * - Parker hydrophilicity (HPLC retention): Parker J.M.R., Guo D. & Hodges R.S., Biochemistry
 *   25:5425-5432 (1986). Values read from public copies of the IEDB / ExPASy ProtScale table.
 * - Emini surface accessibility: the fractional surface probability δ of each residue that Emini
 *   E.A., Hughes J.V., Perlow D.S. & Boger J., J. Virol. 55:836-839 (1985) multiply over a
 *   hexapeptide (after Janin et al., 1978), as IEDB's "Emini Surface Accessibility Prediction"
 *   (tools.iedb.org/bcell) uses it. Values from three public copies that agree to two decimals:
 *   EpiBuilder's port of the IEDB B-cell calculator (github.com/bioinformatics-ufsc/Epibuilder,
 *   `br/ufsc/epibuilder/entity/SoftwareBCellMap.java`, EMINI), the "accessibility" scale of
 *   EL-Manzalawy's BCPred `SequenceComposition.java`, and the table quoted from IEDB's B-cell help
 *   page (qinqianshan.com, "Emini surface accessibility scale"). Not Biopython's `em` table, which
 *   is a different scale (values relative to their mean, K 1.545).
 * - Chou & Fasman beta-turn propensity: Chou P.Y. & Fasman G.D., Adv. Enzymol. 47:45-148 (1978).
 *   Values read from public copies of the IEDB / ProtScale table.
 * - Kyte & Doolittle hydropathy: Kyte J. & Doolittle R.F., J. Mol. Biol. 157:105-132 (1982). Values
 *   from Biopython `Bio/SeqUtils/ProtParamData.py` (`kd`).
 */
export type AminoAcidScale = Readonly<Record<string, number>>;

// prettier-ignore
export const KOLASKAR_TONGAONKAR: AminoAcidScale = {
  A: 1.064, R: 0.873, N: 0.776, D: 0.866, C: 1.412, Q: 1.015, E: 0.851, G: 0.874, H: 1.105, I: 1.152,
  L: 1.25, K: 0.93, M: 0.826, F: 1.091, P: 1.064, S: 1.012, T: 0.909, W: 0.893, Y: 1.161, V: 1.383,
};

// prettier-ignore
export const PARKER_HYDROPHILICITY: AminoAcidScale = {
  A: 2.1, R: 4.2, N: 7.0, D: 10.0, C: 1.4, Q: 6.0, E: 7.8, G: 5.7, H: 2.1, I: -8.0,
  L: -9.2, K: 5.7, M: -4.2, F: -9.2, P: 2.1, S: 6.5, T: 5.2, W: -10.0, Y: -1.9, V: -3.7,
};

// prettier-ignore
export const EMINI_SURFACE: AminoAcidScale = {
  A: 0.49, R: 0.95, N: 0.78, D: 0.81, C: 0.26, Q: 0.84, E: 0.84, G: 0.48, H: 0.66, I: 0.34,
  L: 0.4, K: 0.97, M: 0.48, F: 0.42, P: 0.75, S: 0.65, T: 0.7, W: 0.51, Y: 0.76, V: 0.36,
};

// prettier-ignore
export const CHOU_FASMAN_TURN: AminoAcidScale = {
  A: 0.66, R: 0.95, N: 1.56, D: 1.46, C: 1.19, Q: 0.98, E: 0.74, G: 1.56, H: 0.95, I: 0.47,
  L: 0.59, K: 1.01, M: 0.6, F: 0.6, P: 1.52, S: 1.43, T: 0.96, W: 0.96, Y: 1.14, V: 0.5,
};

// prettier-ignore
export const KYTE_DOOLITTLE: AminoAcidScale = {
  A: 1.8, R: -4.5, N: -3.5, D: -3.5, C: 2.5, Q: -3.5, E: -3.5, G: -0.4, H: -3.2, I: 4.5,
  L: 3.8, K: -3.9, M: 1.9, F: 2.8, P: -1.6, S: -0.8, T: -0.7, W: -0.9, Y: -1.3, V: 4.2,
};
