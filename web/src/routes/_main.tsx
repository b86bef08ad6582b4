import { createFileRoute } from '@tanstack/react-router';

import { MainLayout } from '../features/layout/components/MainLayout';

export const Route = createFileRoute('/_main')({ component: MainLayout });
