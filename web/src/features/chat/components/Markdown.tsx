import { Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';

import classes from './Chat.module.css';

type Render = (markdown: string) => string;

// The assistant writes Markdown (a language model's habit; the planner does the same). micromark turns
// it into HTML and is safe by default: raw HTML in the text is escaped and javascript: or data: links
// are dropped, so its output can be set as the message's HTML. It is its own chunk (about 16 kB
// gzipped), fetched when the chat opens; until it is there a message shows as plain text.
let loading: Promise<Render> | undefined;
let loaded: Render | undefined;

export function loadMarkdown(): Promise<Render> {
  loading ??= import('micromark').then(({ micromark }) => {
    loaded = (markdown) => micromark(markdown);
    return loaded;
  });
  return loading;
}

/** A message's text: Markdown as HTML once the renderer is loaded, plain text until then. */
export function Markdown({ text }: { text: string }) {
  const [render, setRender] = useState<Render | undefined>(() => loaded);
  useEffect(() => {
    if (render) return;
    let live = true;
    void loadMarkdown().then((r) => live && setRender(() => r));
    return () => {
      live = false;
    };
  }, [render]);
  // Only the message that changed is rendered again (the reply growing by its deltas).
  const html = useMemo(() => render?.(text), [render, text]);
  if (html === undefined)
    return (
      <Text size="sm" className={classes.text} component="div">
        {text}
      </Text>
    );
  return (
    <Text
      size="sm"
      component="div"
      className={classes.markdown}
      // micromark escapes HTML and drops dangerous link protocols (see above).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
