/** The parts of an OpenAPI 3.1 document the reference page reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  format?: string;
  minimum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  description?: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string }>;
  security?: Record<string, string[]>[];
}

export interface SecurityScheme {
  type: string;
  in?: string;
  name?: string;
  scheme?: string;
}

export interface OpenApiDoc {
  info: { title: string; description?: string };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, SecurityScheme> };
  security?: Record<string, string[]>[];
}
