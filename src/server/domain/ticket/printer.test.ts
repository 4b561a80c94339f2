import { describe, expect, it } from 'vitest';
import { refusalOf as refusal } from '../../../../test/support/refusal.js';
import { decidePrinterAddress, isPrinterRefusal, printerRefusal, printerServiceUrl, readPrinterAnswer } from './printer.js';

describe('decidePrinterAddress', () => {
  it('is none when empty', () => {
    expect(decidePrinterAddress('')).toBeNull();
    expect(decidePrinterAddress('   ')).toBeNull();
  });

  it('takes a LAN printer as a URL or host[:port], answering its origin', () => {
    expect(decidePrinterAddress('192.168.1.50')).toBe('http://192.168.1.50');
    expect(decidePrinterAddress('http://192.168.1.50/')).toBe('http://192.168.1.50');
    expect(decidePrinterAddress(' 10.0.0.7:8008 ')).toBe('http://10.0.0.7:8008');
    expect(decidePrinterAddress('https://172.20.1.2')).toBe('https://172.20.1.2');
    expect(decidePrinterAddress('TM-m30.local')).toBe('http://tm-m30.local');
    expect(decidePrinterAddress('printer')).toBe('http://printer');
    expect(decidePrinterAddress('http://127.0.0.1:9100')).toBe('http://127.0.0.1:9100');
    expect(decidePrinterAddress('http://[fd00::5]')).toBe('http://[fd00::5]');
  });

  it('refuses an internet host, a path, credentials, a query or another scheme', () => {
    for (const typed of ['8.8.8.8', 'printer.example.com', 'http://192.168.1.50/cgi-bin/epos', 'http://u:p@192.168.1.50', '192.168.1.50?x=1', 'ftp://192.168.1.50', 'http://[2001:db8::1]', '172.32.0.1', 'http://', '999.1.1.1']) {
      expect(refusal(() => decidePrinterAddress(typed)), typed).toBe('INVALID_ARGUMENT:error.printerAddress');
    }
  });
});

describe('readPrinterAnswer', () => {
  const soap = (attrs: string) =>
    `<?xml version="1.0" encoding="utf-8"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><response ${attrs} xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print"/></s:Body></s:Envelope>`;

  it('is sent only on success="true"', () => {
    expect(readPrinterAnswer(200, soap('success="true" code="" status="251658262" battery="0"'))).toEqual({ kind: 'sent' });
  });

  it('is refused with the printer’s code otherwise, or with what came instead of an answer', () => {
    expect(readPrinterAnswer(200, soap('success="false" code="EPTR_REC_EMPTY" status="2"'))).toEqual({ kind: 'refused', code: 'EPTR_REC_EMPTY' });
    expect(readPrinterAnswer(200, soap('success="false" code=""'))).toEqual({ kind: 'refused', code: 'unknown' });
    expect(readPrinterAnswer(200, soap('success="false" code="<b>x y"'))).toEqual({ kind: 'refused', code: 'unknown' });
    expect(readPrinterAnswer(404, 'Not Found')).toEqual({ kind: 'refused', code: 'HTTP 404' });
    expect(readPrinterAnswer(200, '<html>printer setup</html>')).toEqual({ kind: 'refused', code: 'no ePOS-Print response' });
  });
});

describe('printerRefusal', () => {
  it('words each failure in the catalogue, the printer’s known codes in plain words', () => {
    const paperOut = printerRefusal({ kind: 'refused', code: 'EPTR_REC_EMPTY' });
    expect([paperOut.code, paperOut.messageKey, paperOut.params]).toEqual(['UNAVAILABLE', 'error.printerRefused', { cause: '用紙切れ、EPTR_REC_EMPTY' }]);
    expect(printerRefusal({ kind: 'refused', code: 'HTTP 500' }).params).toEqual({ cause: 'HTTP 500' });
    expect(printerRefusal({ kind: 'noAnswer', timeoutMs: 1500 }).params).toEqual({ seconds: 2 });
    expect(printerRefusal({ kind: 'unreachable' }).messageKey).toBe('error.printerUnreachable');
    expect(printerRefusal({ kind: 'busy' }).messageKey).toBe('error.printerBusy');
    expect(isPrinterRefusal(paperOut)).toBe(true);
    expect(isPrinterRefusal(new Error('x'))).toBe(false);
  });

  it('asks the printer’s service with its device id and wait', () => {
    expect(printerServiceUrl('http://192.168.1.50', 9000)).toBe('http://192.168.1.50/cgi-bin/epos/service.cgi?devid=local_printer&timeout=9000');
  });
});
