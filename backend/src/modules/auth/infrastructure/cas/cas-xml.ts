import { XMLParser, XMLValidator, type EntityDecoderOptions } from 'fast-xml-parser';

/** Attributes released by CAS 3.0; a repeated element becomes an array. */
export type CasAttributes = Record<string, string | string[]>;

export type CasServiceResponse =
  | { ok: true; user: string; attributes: CasAttributes }
  | { ok: false; code: string; message: string };

/** CAS answers are a few kilobytes; anything far larger is not a CAS answer and is not worth parsing. */
const MAX_XML_LENGTH = 256 * 1024;

// Protocol 3.0 §3.1/§3.2: tickets start with ST- or PT-; services should accept up to 256 characters.
// Only RFC 3986 unreserved characters, so a ticket never needs escaping in a URL or a log line.
const TICKET_PATTERN = /^(?:ST|PT)-[A-Za-z0-9._~-]+$/;
const MAX_TICKET_LENGTH = 256;

/** Whether a value has the shape of a CAS service or proxy ticket (checked before any network call). */
export function isCasTicket(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_TICKET_LENGTH && TICKET_PATTERN.test(value);
}

const PREDEFINED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Decodes the five XML entities and character references in one pass (so `&amp;#39;` stays `&#39;`).
 * Entities declared in a DOCTYPE are ignored: no expansion, no billion laughs, even if the DOCTYPE check below is bypassed.
 */
const entityDecoder: EntityDecoderOptions = {
  setExternalEntities: () => undefined,
  addInputEntities: () => undefined,
  reset: () => undefined,
  setXmlVersion: () => undefined,
  decode: (text) =>
    text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos);/g, (whole, ref: string) => {
      if (!ref.startsWith('#')) return PREDEFINED_ENTITIES[ref] ?? whole;
      const codePoint = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      // Control characters and surrogates are not XML characters; leave such references as written.
      const allowed = codePoint === 0x9 || codePoint === 0xa || codePoint === 0xd
        || (codePoint >= 0x20 && codePoint <= 0xd7ff) || (codePoint >= 0xe000 && codePoint <= 0x10ffff);
      return allowed ? String.fromCodePoint(codePoint) : whole;
    }),
};

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Servers differ in prefixes (cas:, none, a default namespace); the element names are what the protocol fixes.
  removeNSPrefix: true,
  // Keep every value a string: a user id like "00123" must not become the number 123.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
  htmlEntities: false,
  entityDecoder,
});

type XmlNode = string | { [key: string]: unknown };

const INVALID = (message: string): CasServiceResponse => ({ ok: false, code: 'INVALID_RESPONSE', message });

/** Parses a CAS 2.0 `/serviceValidate` or 3.0 `/p3/serviceValidate` answer; never throws. */
export function parseServiceResponse(xml: string): CasServiceResponse {
  const root = parseDocument(xml);
  if (!root) return INVALID('not a well-formed XML document without DOCTYPE');
  const response = root['serviceResponse'];
  if (!isObject(response)) return INVALID('no serviceResponse element');
  const success = response['authenticationSuccess'];
  const failure = response['authenticationFailure'];
  if (success !== undefined && failure !== undefined) return INVALID('both authenticationSuccess and authenticationFailure');

  if (failure !== undefined) {
    if (!isNode(failure)) return INVALID('malformed authenticationFailure');
    const code = typeof failure === 'object' ? failure['@_code'] : undefined;
    if (typeof code !== 'string' || code.trim() === '') return INVALID('authenticationFailure without a code');
    return { ok: false, code: code.trim(), message: textOf(failure) };
  }

  if (!isObject(success)) return INVALID('neither authenticationSuccess nor authenticationFailure');
  const userNode = success['user'];
  // A repeated cas:user would make the identity ambiguous: refuse rather than pick one.
  if (!isNode(userNode)) return INVALID('authenticationSuccess without exactly one user');
  const user = textOf(userNode);
  if (user === '') return INVALID('empty user');
  return { ok: true, user, attributes: readAttributes(success['attributes']) };
}

/**
 * Reads the SessionIndex (the service ticket issued at login) from a CAS single-logout `logoutRequest`
 * (SAML 2 `<samlp:LogoutRequest>`); null when the XML is not such a request or the index is not a ticket.
 */
export function parseLogoutRequest(body: string): string | null {
  const root = parseDocument(body);
  const request = root?.['LogoutRequest'];
  if (!isObject(request)) return null;
  const index = request['SessionIndex'];
  if (!isNode(index)) return null;
  const ticket = textOf(index);
  return isCasTicket(ticket) ? ticket : null;
}

function parseDocument(xml: string): Record<string, unknown> | null {
  if (typeof xml !== 'string' || xml.length === 0 || xml.length > MAX_XML_LENGTH) return null;
  // CAS never sends a DOCTYPE; refusing it outright closes entity expansion and external entities for good.
  if (/<!\s*(DOCTYPE|ENTITY)/i.test(xml)) return null;
  // The parser is lenient with broken markup; the validator is not.
  if (XMLValidator.validate(xml) !== true) return null;
  try {
    const parsed: unknown = parser.parse(xml);
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function readAttributes(node: unknown): CasAttributes {
  const attributes: CasAttributes = {};
  if (!isObject(node)) return attributes;
  for (const [name, value] of Object.entries(node)) {
    if (name.startsWith('@_') || name === '#text') continue;
    if (name === 'attribute') {
      // Some servers release attributes as <cas:attribute name="…" value="…"/> instead of one element per name.
      for (const item of Array.isArray(value) ? value : [value]) {
        if (!isObject(item) || typeof item['@_name'] !== 'string') continue;
        addAttribute(attributes, item['@_name'], typeof item['@_value'] === 'string' ? item['@_value'] : textOf(item as XmlNode));
      }
      continue;
    }
    for (const item of Array.isArray(value) ? value : [value]) {
      if (isNode(item)) addAttribute(attributes, name, textOf(item));
    }
  }
  return attributes;
}

function addAttribute(attributes: CasAttributes, name: string, value: string): void {
  // The names come from the network: never let one reach Object.prototype.
  if (name === '__proto__' || name === 'constructor' || name === 'prototype') return;
  const existing = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
  if (existing === undefined) attributes[name] = value;
  else attributes[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNode(value: unknown): value is XmlNode {
  return typeof value === 'string' || isObject(value);
}

function textOf(node: XmlNode): string {
  if (typeof node === 'string') return node.trim();
  const text = node['#text'];
  return typeof text === 'string' ? text.trim() : typeof text === 'number' ? String(text) : '';
}
