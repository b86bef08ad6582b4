import { Highlight, type PrismTheme } from 'prism-react-renderer';

// GitHub's light palette: every token colour reads at 4.5:1 or better on the block's background (axe's
// colour-contrast rule runs on the console's pages).
const theme: PrismTheme = {
  plain: { color: '#1f2328', backgroundColor: '#f6f8fa' },
  styles: [
    { types: ['comment', 'prolog', 'doctype', 'cdata'], style: { color: '#59636e' } },
    { types: ['keyword', 'selector', 'important', 'atrule'], style: { color: '#cf222e' } },
    {
      types: ['string', 'char', 'attr-value', 'regex', 'template-string'],
      style: { color: '#0a3069' },
    },
    { types: ['function', 'class-name', 'maybe-class-name'], style: { color: '#6639ba' } },
    {
      types: ['number', 'boolean', 'constant', 'property', 'attr-name', 'symbol'],
      style: { color: '#0550ae' },
    },
    { types: ['builtin', 'decorator', 'variable'], style: { color: '#953800' } },
    { types: ['tag'], style: { color: '#116329' } },
    { types: ['operator', 'punctuation'], style: { color: '#1f2328' } },
  ],
};

/** Prism's grammar for a file path: TypeScript and TSX, else plain text. */
export function languageOf(path: string): string {
  if (path.endsWith('.tsx')) return 'tsx';
  if (path.endsWith('.ts')) return 'typescript';
  if (path.endsWith('.json')) return 'json';
  return 'plain';
}

/** A generated file's source, highlighted; the block scrolls and takes the keyboard focus to do so. */
export function CodeBlock({ code, path, label }: { code: string; path: string; label: string }) {
  return (
    <Highlight theme={theme} code={code} language={languageOf(path)}>
      {({ className, style, tokens, getLineProps, getTokenProps }) => (
        <pre
          className={className}
          tabIndex={0}
          aria-label={label}
          data-testid="code-block"
          style={{
            ...style,
            margin: 0,
            padding: 12,
            maxHeight: '60vh',
            overflow: 'auto',
            fontSize: 13,
            lineHeight: 1.5,
            borderRadius: 4,
          }}
        >
          {tokens.map((line, i) => (
            <div key={i} {...getLineProps({ line })}>
              {line.map((token, key) => (
                <span key={key} {...getTokenProps({ token })} />
              ))}
            </div>
          ))}
        </pre>
      )}
    </Highlight>
  );
}
