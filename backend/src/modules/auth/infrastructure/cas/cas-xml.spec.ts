import { isCasTicket, parseLogoutRequest, parseServiceResponse } from './cas-xml.js';

describe('parseServiceResponse (CAS protocol 2.0 / 3.0)', () => {
  it('reads the user of a CAS 2.0 success, as a string and trimmed', () => {
    const xml = `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
      <cas:authenticationSuccess>
        <cas:user>
          00123
        </cas:user>
        <cas:proxyGrantingTicket>PGTIOU-84678-8a9d</cas:proxyGrantingTicket>
      </cas:authenticationSuccess>
    </cas:serviceResponse>`;
    // "00123" must not become the number 123: employee numbers keep their leading zeros.
    expect(parseServiceResponse(xml)).toEqual({ ok: true, user: '00123', attributes: {} });
  });

  it('reads CAS 3.0 attributes: single values as strings, repeated elements as arrays, entities decoded', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
    <cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
      <cas:authenticationSuccess>
        <cas:user>bmfzr</cas:user>
        <cas:attributes>
          <cas:displayName>张三</cas:displayName>
          <cas:memberOf>teachers</cas:memberOf>
          <cas:memberOf>staff &amp; admin</cas:memberOf>
          <cas:nickname>O&#39;Brien &#x263A; &amp;#39;</cas:nickname>
          <cas:isFromNewLogin>true</cas:isFromNewLogin>
        </cas:attributes>
      </cas:authenticationSuccess>
    </cas:serviceResponse>`;
    expect(parseServiceResponse(xml)).toEqual({
      ok: true,
      user: 'bmfzr',
      attributes: {
        displayName: '张三',
        memberOf: ['teachers', 'staff & admin'],
        // One decoding pass: &amp;#39; is the literal text "&#39;", not an apostrophe.
        nickname: "O'Brien ☺ &#39;",
        isFromNewLogin: 'true',
      },
    });
  });

  it('tolerates another prefix, no prefix, and name/value style attributes', () => {
    const other = `<x:serviceResponse xmlns:x="http://www.yale.edu/tp/cas"><x:authenticationSuccess><x:user>u1</x:user>
      <x:attributes><x:attribute name="mail" value="u1@example.edu"/><x:attribute name="role" value="a"/><x:attribute name="role" value="b"/></x:attributes>
      </x:authenticationSuccess></x:serviceResponse>`;
    expect(parseServiceResponse(other)).toEqual({ ok: true, user: 'u1', attributes: { mail: 'u1@example.edu', role: ['a', 'b'] } });
    const bare = '<serviceResponse xmlns="http://www.yale.edu/tp/cas"><authenticationSuccess><user>u2</user></authenticationSuccess></serviceResponse>';
    expect(parseServiceResponse(bare)).toEqual({ ok: true, user: 'u2', attributes: {} });
  });

  it('keeps attribute names away from Object.prototype', () => {
    const xml = `<cas:serviceResponse xmlns:cas="x"><cas:authenticationSuccess><cas:user>u</cas:user><cas:attributes>
      <cas:attribute name="__proto__" value="polluted"/><cas:attribute name="ok" value="1"/></cas:attributes></cas:authenticationSuccess></cas:serviceResponse>`;
    const result = parseServiceResponse(xml);
    expect(result).toEqual({ ok: true, user: 'u', attributes: { ok: '1' } });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getPrototypeOf(result.ok ? result.attributes : null)).toBe(Object.prototype);
  });

  it.each(['INVALID_TICKET', 'INVALID_SERVICE', 'INVALID_REQUEST', 'INTERNAL_ERROR'])('returns the failure code %s and message', (code) => {
    const xml = `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
      <cas:authenticationFailure code="${code}">
          Ticket ST-1856339-aA5Yuvrxzpv8Tau1cYQ7 not recognized
      </cas:authenticationFailure>
    </cas:serviceResponse>`;
    expect(parseServiceResponse(xml)).toEqual({ ok: false, code, message: 'Ticket ST-1856339-aA5Yuvrxzpv8Tau1cYQ7 not recognized' });
  });

  it.each([
    ['empty', ''],
    ['not XML', 'yes\nbmfzr\n'],
    ['an HTML error page', '<html><body><h1>502 Bad Gateway</h1></body></html>'],
    ['unclosed tags', '<cas:serviceResponse xmlns:cas="x"><cas:authenticationSuccess><cas:user>u</cas:user>'],
    ['mismatched tags', '<cas:serviceResponse xmlns:cas="x"><cas:authenticationSuccess><cas:user>u</cas:authenticationSuccess></cas:user></cas:serviceResponse>'],
    ['neither success nor failure', '<cas:serviceResponse xmlns:cas="x"><cas:proxySuccess/></cas:serviceResponse>'],
    ['success without user', '<cas:serviceResponse xmlns:cas="x"><cas:authenticationSuccess/></cas:serviceResponse>'],
    ['an empty user', '<cas:serviceResponse xmlns:cas="x"><cas:authenticationSuccess><cas:user>  </cas:user></cas:authenticationSuccess></cas:serviceResponse>'],
    ['two users', '<cas:serviceResponse xmlns:cas="x"><cas:authenticationSuccess><cas:user>a</cas:user><cas:user>b</cas:user></cas:authenticationSuccess></cas:serviceResponse>'],
    ['two successes', '<cas:serviceResponse xmlns:cas="x"><cas:authenticationSuccess><cas:user>a</cas:user></cas:authenticationSuccess><cas:authenticationSuccess><cas:user>b</cas:user></cas:authenticationSuccess></cas:serviceResponse>'],
    ['success and failure', '<cas:serviceResponse xmlns:cas="x"><cas:authenticationSuccess><cas:user>a</cas:user></cas:authenticationSuccess><cas:authenticationFailure code="INVALID_TICKET"/></cas:serviceResponse>'],
    ['a failure without code', '<cas:serviceResponse xmlns:cas="x"><cas:authenticationFailure>nope</cas:authenticationFailure></cas:serviceResponse>'],
    ['an oversized document', `<cas:serviceResponse xmlns:cas="x"><cas:authenticationSuccess><cas:user>${'a'.repeat(300_000)}</cas:user></cas:authenticationSuccess></cas:serviceResponse>`],
  ])('calls %s INVALID_RESPONSE', (_what, xml) => {
    expect(parseServiceResponse(xml)).toMatchObject({ ok: false, code: 'INVALID_RESPONSE' });
  });

  it('refuses a DOCTYPE with an entity bomb, without expanding it', () => {
    const lol = '<!ENTITY lol "lol">' + Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join('');
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [${lol}]>
      <cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>&lol9;</cas:user></cas:authenticationSuccess></cas:serviceResponse>`;
    const started = Date.now();
    expect(parseServiceResponse(bomb)).toMatchObject({ ok: false, code: 'INVALID_RESPONSE' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses an external entity (XXE)', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
      <cas:serviceResponse xmlns:cas="x"><cas:authenticationSuccess><cas:user>&xxe;</cas:user></cas:authenticationSuccess></cas:serviceResponse>`;
    expect(parseServiceResponse(xxe)).toMatchObject({ ok: false, code: 'INVALID_RESPONSE' });
  });

  it('leaves an undeclared entity as written rather than inventing a value', () => {
    const xml = '<cas:serviceResponse xmlns:cas="x"><cas:authenticationSuccess><cas:user>a&nbsp;b</cas:user></cas:authenticationSuccess></cas:serviceResponse>';
    expect(parseServiceResponse(xml)).toEqual({ ok: true, user: 'a&nbsp;b', attributes: {} });
  });
});

describe('parseLogoutRequest (CAS single logout)', () => {
  const request = (index: string) =>
    `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"
       ID="LR-1" Version="2.0" IssueInstant="2026-11-21T10:00:00Z">
       <saml:NameID>@NOT_USED@</saml:NameID>
       <samlp:SessionIndex>${index}</samlp:SessionIndex>
     </samlp:LogoutRequest>`;

  it('returns the SessionIndex, which is the service ticket given at login', () => {
    expect(parseLogoutRequest(request(' ST-42-abcDEF_123-cas01.example.edu '))).toBe('ST-42-abcDEF_123-cas01.example.edu');
  });

  it.each([
    ['empty', ''],
    ['not XML', 'logoutRequest=%3Csamlp'],
    ['a service response', '<cas:serviceResponse xmlns:cas="x"><cas:authenticationSuccess><cas:user>u</cas:user></cas:authenticationSuccess></cas:serviceResponse>'],
    ['no SessionIndex', '<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"><saml:NameID xmlns:saml="a">x</saml:NameID></samlp:LogoutRequest>'],
    ['a SessionIndex that is not a ticket', request('../../etc/passwd')],
    ['an empty SessionIndex', request('')],
    ['a DOCTYPE', `<!DOCTYPE r [<!ENTITY t "ST-1-a">]>${request('&t;')}`],
  ])('returns null for %s', (_what, body) => {
    expect(parseLogoutRequest(body)).toBeNull();
  });
});

describe('isCasTicket', () => {
  it.each(['ST-1-abc', 'PT-9-x.y_z~w', `ST-${'a'.repeat(253)}`])('accepts %s', (t) => expect(isCasTicket(t)).toBe(true));
  it.each(['', 'ST-', 'TGT-1-abc', 'st-1-abc', 'ST-1 abc', 'ST-1&x=y', 'ST-1/../x', `ST-${'a'.repeat(254)}`, 42, null])(
    'refuses %p',
    (t) => expect(isCasTicket(t)).toBe(false),
  );
});
