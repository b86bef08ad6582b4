import './features/admin/pages';
import './features/bpmn/register';

import { registerAntibodyPages } from './features/antibody/register';
import { registerBillingPages } from './features/billing/register';
import { registerBpmPages } from './features/bpm';
import { registerChatPages } from './features/chat/register';
import { registerCodegenPages } from './features/codegen/register';
import { registerConversationPages } from './features/conversations/register';
import { registerEnginePages } from './features/engine/register';
import { registerMessagePages } from './features/messages/register';
import { registerMissionPages } from './features/mission/register';
import { registerShellPages } from './features/pages/register';
import { registerPlaygroundPages } from './features/playground/register';
import { registerRealNamePages } from './features/realname/register';
import { registerWorkflowPages } from './features/workflow/register';

/**
 * Puts every screen of the app in the page registry (each loaded on first visit): called once at start,
 * and by the test that every menu entry the server seeds opens a page.
 */
export function registerAllPages(): void {
  registerShellPages();
  registerEnginePages();
  registerAntibodyPages();
  registerBillingPages();
  registerBpmPages();
  registerChatPages();
  registerCodegenPages();
  registerConversationPages();
  registerMessagePages();
  registerMissionPages();
  registerPlaygroundPages();
  registerRealNamePages();
  registerWorkflowPages();
}
