import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useEffect } from 'react';

// What the browser tab and search engines read about a page (issue 20): a title naming the page and a
// description, both in the interface language (index.html carries the Chinese description for a first
// load without JavaScript).

const APP = msg`AbDesign`;
const DESCRIPTION = msg`AbDesign: AI-assisted antibody design. Talk to a multi-agent assistant for de novo design, humanization, epitope prediction, structure prediction and risk-site analysis.`;

/** The page's meta description in the interface language (updated on a language switch). */
export function useMetaDescription(): void {
  const { i18n } = useLingui();
  const text = i18n._(DESCRIPTION);
  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = text;
  }, [text]);
}

/** The name of the app in the interface language. */
export function useAppName(): string {
  const { i18n } = useLingui();
  return i18n._(APP);
}

/** A public page (sign-in, agreements, errors): "page - app" as its title, and the description. */
export function usePublicPageMeta(title: string): void {
  const app = useAppName();
  useMetaDescription();
  useEffect(() => {
    document.title = `${title} - ${app}`;
  }, [title, app]);
}
