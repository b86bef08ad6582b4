// What the mission feature offers other features: they import it from here, never from its files
// (the boundaries rule in eslint.config.mjs).
export { readAgentStatus } from './agent-status';
export { MissionActionsBar } from './components/MissionActionsBar';
export { MissionCard, missionPath } from './components/MissionCard';
export { MissionFlowView } from './components/MissionFlow';
export { MissionStatusTag, NodeStatusTag } from './components/MissionStatusTag';
export { RerunButton } from './components/RerunButton';
export { useMissionActions } from './components/useMissionActions';
export { missionApi, missionKeys, type MissionReplyRequest } from './mission.api';
export { currentRunLogs } from './mission-marks';
export { useSampleInputs } from './mission-samples';
export { NoContent, ResultView } from './results/ResultView';
export { useMissionLive } from './useMissionLive';
