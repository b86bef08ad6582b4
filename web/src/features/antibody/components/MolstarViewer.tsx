import { Trans } from '@lingui/react/macro';
import { Alert, LoadingOverlay } from '@mantine/core';
import {
  type Structure,
  StructureElement,
  StructureProperties,
  StructureSelection,
} from 'molstar/lib/mol-model/structure';
import { PluginConfig } from 'molstar/lib/mol-plugin/config';
import { PluginContext } from 'molstar/lib/mol-plugin/context';
import { DefaultPluginSpec, type PluginSpec } from 'molstar/lib/mol-plugin/spec';
import { Script } from 'molstar/lib/mol-script/script';
import type { ColorTheme } from 'molstar/lib/mol-theme/color';
import { ColorThemeCategory } from 'molstar/lib/mol-theme/color/categories';
import type { ThemeDataContext } from 'molstar/lib/mol-theme/theme';
import { Color } from 'molstar/lib/mol-util/color';
import { ParamDefinition as PD } from 'molstar/lib/mol-util/param-definition';
import { useEffect, useRef, useState } from 'react';

import { type ResidueColors, residueKey, type ResidueRef } from './residue-colors';
import classes from './Toolkit.module.css';

type ViewerState = 'loading' | 'ready' | 'failed';

/** Residues without a colour of their own (outside the scored chain, or no score). */
const UNSCORED = 0xc8c8c8;
const THEME_NAME = 'platform-residue-colors';

const themeParams = {
  colors: PD.Value<ResidueColors>({}, { isHidden: true }),
};
type ThemeParams = typeof themeParams;

/** The residue of a Mol* location: its chain and its number with insertion code, as in the PDB. */
function refOf(location: StructureElement.Location): ResidueRef {
  return {
    chain: StructureProperties.chain.auth_asym_id(location),
    number: `${StructureProperties.residue.auth_seq_id(location)}${StructureProperties.residue.pdbx_PDB_ins_code(location).trim()}`,
  };
}

function residueColorTheme(
  _ctx: ThemeDataContext,
  props: PD.Values<ThemeParams>,
): ColorTheme<ThemeParams> {
  const colors = props.colors;
  return {
    factory: residueColorTheme,
    granularity: 'group',
    props,
    description: 'A colour per residue, given by the page (region, error, patch or epitope score).',
    color: (location) =>
      Color(
        StructureElement.Location.is(location)
          ? (colors[residueKey(refOf(location))] ?? UNSCORED)
          : UNSCORED,
      ),
  };
}

/** Colours residues by the page's map (Mol*'s custom colour theme; examples/basic-wrapper). */
const ResidueColorThemeProvider: ColorTheme.Provider<ThemeParams, typeof THEME_NAME> = {
  name: THEME_NAME,
  label: 'Residue colours',
  category: ColorThemeCategory.Misc,
  factory: residueColorTheme,
  getParams: () => themeParams,
  defaultValues: PD.getDefaultValues(themeParams),
  isApplicable: () => true,
};

function viewerSpec(): PluginSpec {
  const spec = DefaultPluginSpec();
  // Software WebGL (no GPU, remote desktops) is slow for big scenes but fine for one antibody.
  return {
    ...spec,
    config: [...(spec.config ?? []), [PluginConfig.General.AllowMajorPerformanceCaveat, true]],
  };
}

/** The atoms of one residue of the structure, as Mol* selects them (MolScript). */
function residueLoci(structure: Structure, ref: ResidueRef): StructureElement.Loci {
  const match = /^(-?\d+)([A-Za-z]?)$/.exec(ref.number);
  const seq = match ? Number(match[1]) : Number.NaN;
  const ins = match?.[2] ?? '';
  const selection = Script.getStructureSelection(
    (Q) =>
      Q.struct.generator.atomGroups({
        'chain-test': Q.core.rel.eq([
          Q.struct.atomProperty.macromolecular.auth_asym_id(),
          ref.chain,
        ]),
        'residue-test': Q.core.logic.and([
          Q.core.rel.eq([Q.struct.atomProperty.macromolecular.auth_seq_id(), seq]),
          Q.core.rel.eq([Q.struct.atomProperty.macromolecular.pdbx_PDB_ins_code(), ins]),
        ]),
      }),
    structure,
  );
  return StructureSelection.toLociWithSourceUnits(selection);
}

export interface MolstarViewerProps {
  pdb: string;
  label: string;
  /** A colour per residue (`chain:number`); without it Mol*'s default colouring. */
  colors?: ResidueColors;
  /** The residue to focus and highlight (picked in a table or a sequence beside the viewer). */
  focus?: ResidueRef | null;
  /** A residue clicked in 3D, for the page to show it in its table. */
  onPick?: (residue: ResidueRef) => void;
}

/**
 * Shows PDB text with Mol* (canvas only, cartoon preset), coloured per residue when the page gives
 * colours. A residue given as `focus` is focused (Mol*'s structure focus: the residue and its
 * surroundings, the camera on it) and highlighted; one clicked in 3D is reported by `onPick`. The
 * residue Mol* has in focus is in `data-focus` (`chain:number`), from its focus manager's events.
 * Loaded lazily (LazyMolstarViewer).
 */
export function MolstarViewer({ pdb, label, colors, focus, onPick }: MolstarViewerProps) {
  const host = useRef<HTMLDivElement>(null);
  const pluginRef = useRef<PluginContext | null>(null);
  const pickRef = useRef(onPick);
  const [state, setState] = useState<ViewerState>('loading');
  const [focused, setFocused] = useState('');

  useEffect(() => {
    pickRef.current = onPick;
  }, [onPick]);

  useEffect(() => {
    const target = host.current;
    if (!target) return;
    let closed = false;
    const plugin = new PluginContext(viewerSpec());
    setState('loading');
    setFocused('');
    const show = async () => {
      await plugin.init();
      if (closed) return;
      // False when the browser cannot give Mol* a WebGL context.
      if (!(await plugin.mountAsync(target))) throw new Error('WebGL is not available');
      plugin.representation.structure.themes.colorThemeRegistry.add(ResidueColorThemeProvider);
      plugin.managers.structure.focus.behaviors.current.subscribe((entry) => {
        const location = entry ? StructureElement.Loci.getFirstLocation(entry.loci) : undefined;
        setFocused(location ? residueKey(refOf(location)) : '');
      });
      plugin.behaviors.interaction.click.subscribe((event) => {
        if (!StructureElement.Loci.is(event.current.loci)) return;
        const location = StructureElement.Loci.getFirstLocation(event.current.loci);
        if (location) pickRef.current?.(refOf(location));
      });
      const data = await plugin.builders.data.rawData({ data: pdb, label });
      const trajectory = await plugin.builders.structure.parseTrajectory(data, 'pdb');
      await plugin.builders.structure.hierarchy.applyPreset(trajectory, 'default');
      // The panel may have been laid out after the canvas was created: fit the view to it now.
      plugin.handleResize();
      plugin.managers.camera.reset();
      if (closed) return;
      pluginRef.current = plugin;
      setState('ready');
    };
    show().catch((error: unknown) => {
      console.error(error);
      if (!closed) setState('failed');
    });
    return () => {
      closed = true;
      pluginRef.current = null;
      plugin.dispose();
    };
  }, [pdb, label]);

  useEffect(() => {
    const plugin = pluginRef.current;
    if (state !== 'ready' || !plugin) return;
    const update = async () => {
      for (const s of plugin.managers.structure.hierarchy.current.structures) {
        await plugin.managers.structure.component.updateRepresentationsTheme(
          s.components,
          colors
            ? // A registered custom theme: Mol*'s types list the built-in names only.
              { color: THEME_NAME as never, colorParams: { colors } as never }
            : { color: 'default' },
        );
      }
    };
    void plugin.dataTransaction(update).catch((error: unknown) => console.error(error));
  }, [state, colors]);

  useEffect(() => {
    const plugin = pluginRef.current;
    if (state !== 'ready' || !plugin) return;
    const structure = plugin.managers.structure.hierarchy.current.structures[0]?.cell.obj?.data;
    if (!structure) return;
    if (!focus) {
      plugin.managers.structure.focus.clear();
      plugin.managers.interactivity.lociHighlights.clearHighlights();
      return;
    }
    const loci = residueLoci(structure, focus);
    if (StructureElement.Loci.isEmpty(loci)) return;
    plugin.managers.structure.focus.setFromLoci(loci);
    plugin.managers.camera.focusLoci(loci);
    plugin.managers.interactivity.lociHighlights.highlightOnly({ loci });
  }, [state, focus]);

  return (
    <div
      className={classes.viewer}
      data-testid="molstar-viewer"
      data-state={state}
      data-focus={focused}
    >
      <div ref={host} style={{ position: 'absolute', inset: 0 }} />
      <LoadingOverlay visible={state === 'loading'} />
      {state === 'failed' ? (
        <Alert color="red" m="md" data-testid="molstar-failed">
          <Trans>
            The structure could not be shown: this browser gives no WebGL, or the file is not a
            valid PDB.
          </Trans>
        </Alert>
      ) : null}
    </div>
  );
}
