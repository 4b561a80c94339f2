import { describe, expect, it } from 'vitest';
import { EPOS_PRINT_NS, eposTicketXml, soapEnvelope, xmlText } from './epos-xml.js';

const TOKEN = 'a'.repeat(43);
const ticket = {
  token: TOKEN,
  clinicName: 'さくら医院',
  reservationNumber: 12,
  queueName: null,
  takenAt: '2026-03-02T00:05:00.000Z',
  ahead: 3,
  paper: '80' as const,
  note: '',
};

describe('eposTicketXml', () => {
  it('is one epos-print document in the 2011/03 namespace, ended by a cut after a feed', () => {
    const xml = eposTicketXml(ticket, 'https://q.example.jp');
    expect(xml.startsWith(`<epos-print xmlns="${EPOS_PRINT_NS}">`)).toBe(true);
    expect(xml.endsWith('<cut type="feed"/></epos-print>')).toBe(true);
    expect(xml).toContain('<text lang="ja"/>');
  });

  it('prints the clinic, the number at 4×, when it was taken (Tokyo time) and the people ahead then', () => {
    const xml = eposTicketXml(ticket, 'https://q.example.jp');
    expect(xml).toContain('<text width="2" height="2">さくら医院&#10;</text>');
    expect(xml).toContain('<text width="4" height="4">12&#10;</text>');
    expect(xml).toContain('受付 2026/3/2 09:05');
    expect(xml).toContain('受付時の待ち人数 3人');
    expect(eposTicketXml({ ...ticket, ahead: null }, 'https://q.example.jp')).toContain('受付時の待ち人数 —');
  });

  it('draws the ticket page’s URL, its token in the fragment, as the printer’s own QR code', () => {
    const xml = eposTicketXml(ticket, 'https://q.example.jp');
    expect(xml).toContain(`<symbol type="qrcode_model_2" level="level_m" width="6">https://q.example.jp/web/ticket#t=${TOKEN}</symbol>`);
    expect(eposTicketXml({ ...ticket, paper: '58' }, 'https://q.example.jp')).toContain('width="4">https://');
  });

  it('names the queue only when given, and the clinic’s sentence only when there is one', () => {
    expect(eposTicketXml(ticket, 'https://q.example.jp')).not.toContain('内科');
    expect(eposTicketXml({ ...ticket, queueName: '内科' }, 'https://q.example.jp')).toContain('<text width="2" height="2">内科&#10;</text>');
    expect(eposTicketXml({ ...ticket, note: 'お呼びするまで外出可' }, 'https://q.example.jp')).toContain('<text width="1" height="1">お呼びするまで外出可&#10;</text>');
  });

  it('escapes every value, so a name or a sentence cannot add an element', () => {
    const xml = eposTicketXml({ ...ticket, clinicName: 'A&B <cut/>', queueName: '"q\'', note: '</text><cut type="no_feed"/>' }, 'https://q.example.jp');
    expect(xml).toContain('A&amp;B &lt;cut/&gt;');
    expect(xml).toContain('&quot;q&apos;');
    expect(xml).toContain('&lt;/text&gt;&lt;cut type=&quot;no_feed&quot;/&gt;');
    expect(xml.match(/<cut /g)).toHaveLength(1);
  });
});

describe('xmlText and soapEnvelope', () => {
  it('drops control characters no printer prints', () => {
    expect(xmlText('a\u0000b\u001bc\nd')).toBe('abc\nd');
  });

  it('wraps the document in a SOAP 1.1 envelope’s body', () => {
    expect(soapEnvelope('<epos-print/>')).toBe(
      '<?xml version="1.0" encoding="utf-8"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><epos-print/></s:Body></s:Envelope>',
    );
  });
});
