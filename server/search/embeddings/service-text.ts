// The text a service is embedded from: what it is and what its offers do.
export interface EmbeddableService {
  name: string;
  description: string;
  tags: string[];
  capabilities: string[];
  offers: { description: string }[];
}

export function serviceEmbeddingText(s: EmbeddableService): string {
  return [`${s.name}.`, s.description, `Tags: ${s.tags.join(", ")}.`].join(" ");
}
