import { describe, expect, it } from 'vitest';
import { embedSnippet } from './embed-card.ts';
import { normalizeEmbedOrigin } from './schemas/settings.ts';

describe('embedSnippet', () => {
  it('frames the card of the campaign, its name escaped in the title', () => {
    expect(embedSnippet('https://rally.example/', { id: 7, name: 'Rivers "&" <you>' })).toBe(
      '<iframe src="https://rally.example/embed/7" title="Share Rivers &quot;&amp;&quot; &lt;you>" width="100%" height="520" style="border:0;max-width:420px" loading="lazy"></iframe>',
    );
  });
});

describe('normalizeEmbedOrigin', () => {
  it('keeps scheme, host and a non-default port, in canonical form', () => {
    expect(normalizeEmbedOrigin('HTTPS://Bücher.Example:443/')).toBe('https://xn--bcher-kva.example');
    expect(normalizeEmbedOrigin('https://a.example:8443')).toBe('https://a.example:8443');
    expect(normalizeEmbedOrigin('http://localhost:5173/')).toBe('http://localhost:5173');
  });

  it('refuses anything that is not a bare https origin (or loopback http)', () => {
    for (const bad of [
      'http://a.example',
      'http://10.0.0.1',
      'https://a.example/x',
      'https://a.example?',
      'https://a.example#',
      'https://*.a.example',
      'https://a.example,https://b.example',
      'ws://a.example',
      '',
    ])
      expect(normalizeEmbedOrigin(bad), bad).toBeNull();
  });
});
