import { createFileRoute } from '@tanstack/react-router';

import { ErrorPage } from '../features/pages/ErrorPage';

export const Route = createFileRoute('/404')({ component: () => <ErrorPage status={404} /> });
