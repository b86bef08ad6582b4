import { createFileRoute, useLocation, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

// /redirect/{path} reloads a page: inside the layout the page unmounts here, then mounts again at its
// own path (spec §2; the tab bar's "refresh").
export const Route = createFileRoute('/_main/redirect/$')({
  component: function RedirectRoute() {
    const { _splat } = Route.useParams();
    const searchStr = useLocation({ select: (location) => location.searchStr });
    const router = useRouter();
    useEffect(() => {
      router.history.replace(`/${_splat ?? ''}${searchStr}`);
    }, [router, _splat, searchStr]);
    return null;
  },
});
