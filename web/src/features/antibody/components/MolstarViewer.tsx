import { Trans } from '@lingui/react/macro';
import { Alert, LoadingOverlay } from '@mantine/core';
import { PluginConfig } from 'molstar/lib/mol-plugin/config';
import { PluginContext } from 'molstar/lib/mol-plugin/context';
import { DefaultPluginSpec, type PluginSpec } from 'molstar/lib/mol-plugin/spec';
import { useEffect, useRef, useState } from 'react';

import classes from './Toolkit.module.css';

type ViewerState = 'loading' | 'ready' | 'failed';

function viewerSpec(): PluginSpec {
  const spec = DefaultPluginSpec();
  // Software WebGL (no GPU, remote desktops) is slow for big scenes but fine for one antibody.
  return {
    ...spec,
    config: [...(spec.config ?? []), [PluginConfig.General.AllowMajorPerformanceCaveat, true]],
  };
}

/** Shows PDB text with Mol* (canvas only, default representation). Loaded lazily by StructureTab. */
export function MolstarViewer({ pdb, label }: { pdb: string; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ViewerState>('loading');

  useEffect(() => {
    const target = host.current;
    if (!target) return;
    let closed = false;
    const plugin = new PluginContext(viewerSpec());
    setState('loading');
    const show = async () => {
      await plugin.init();
      if (closed) return;
      // False when the browser cannot give Mol* a WebGL context.
      if (!(await plugin.mountAsync(target))) throw new Error('WebGL is not available');
      const data = await plugin.builders.data.rawData({ data: pdb, label });
      const trajectory = await plugin.builders.structure.parseTrajectory(data, 'pdb');
      await plugin.builders.structure.hierarchy.applyPreset(trajectory, 'default');
      // The panel may have been laid out after the canvas was created: fit the view to it now.
      plugin.handleResize();
      plugin.managers.camera.reset();
      if (!closed) setState('ready');
    };
    show().catch((error: unknown) => {
      console.error(error);
      if (!closed) setState('failed');
    });
    return () => {
      closed = true;
      plugin.dispose();
    };
  }, [pdb, label]);

  return (
    <div className={classes.viewer} data-testid="molstar-viewer" data-state={state}>
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
