import type { ComponentType } from 'react';

import type { GroupId } from './groups';
import type { GroupProps } from './PropertiesPanel';

/** The groups beyond base info, documentation and the agent/branch editors. */
export const PANEL_GROUPS: Partial<Record<GroupId, ComponentType<GroupProps>>> = {};
