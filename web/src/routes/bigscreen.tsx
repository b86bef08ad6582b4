import { createFileRoute } from '@tanstack/react-router';

import { BigscreenPage } from '../features/pages/BigscreenPage';

export const Route = createFileRoute('/bigscreen')({ component: BigscreenPage });
