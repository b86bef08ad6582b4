import { createFileRoute } from '@tanstack/react-router';

import { ProtocolPage } from '../features/pages/LegalPage';

export const Route = createFileRoute('/protocol')({ component: ProtocolPage });
