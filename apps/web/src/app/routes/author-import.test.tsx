import { renderApp } from '../../testing/render-app';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anAuthoringBank, bankId, clientId, contents, qdb } from '../../testing/authoring-fixtures';
import { aMembership, aSession } from '../../testing/session-fixtures';
import { calls, jsonResponse, problemResponse, stubApi } from '../../testing/stub-fetch';
import { stubXhrThroughFetch } from '../../testing/stub-xhr';

const importPath = `/author/import?tenant=${clientId}&bank=${bankId}`;
const gift = () =>
  new File(['::Q1:: Capital of France? {=Paris ~Lyon}\n'], 'capitals.gift', { type: 'text/plain' });

const dryRunReport = {
  total: 3,
  valid: 2,
  imported: 0,
  errors: [{ line: 7, message: 'An answer is missing its closing brace.' }],
  warnings: [{ item: 2, message: 'Feedback per answer is not kept.' }],
  preview: [contents.single_choice, contents.true_false],
};

function chooseFile(file: File) {
  fireEvent.change(screen.getByLabelText('File'), { target: { files: [file] } });
}

describe('import page', () => {
  it('checks a file first, lists errors per line, then imports the valid questions', async () => {
    const xhr = stubXhrThroughFetch({ hold: true });
    const fetchMock = stubApi({
      [`GET ${qdb(`/banks/${bankId}`)}`]: () => jsonResponse(anAuthoringBank()),
      [`POST ${qdb(`/banks/${bankId}/import`)}`]: (url) =>
        url.searchParams.get('dryRun') === 'true'
          ? jsonResponse(dryRunReport)
          : jsonResponse({ ...dryRunReport, imported: 2, preview: undefined }),
    });
    renderApp(importPath, { session: aSession({}, [aMembership()]) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Import questions' })).toBeTruthy();
    chooseFile(gift());
    expect((screen.getByLabelText('Format') as HTMLSelectElement).value).toBe('gift');
    fireEvent.change(screen.getByLabelText('Format'), { target: { value: 'gift' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));

    const progress = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect(Number(progress.getAttribute('value'))).toBeGreaterThan(0);
    xhr.release();

    const report = await screen.findByRole('region', { name: 'Check results' });
    expect(within(report).getByText('Questions found').nextSibling?.textContent).toBe('3');
    const errors = within(report).getByRole('region', { name: 'Errors' });
    expect(errors.textContent).toContain('Line 7: An answer is missing its closing brace.');
    const warnings = within(report).getByRole('region', { name: 'Warnings' });
    expect(warnings.textContent).toContain('Question 2: Feedback per answer is not kept.');
    expect(within(report).getByRole('region', { name: 'First questions' }).textContent).toContain(
      'What is the capital of France?',
    );
    expect(
      (within(report).getByRole('button', { name: 'Import all' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    fireEvent.click(
      within(report).getByRole('button', { name: 'Import only the 2 valid questions' }),
    );

    expect(await screen.findByText('Imported 2 questions.')).toBeTruthy();
    expect(screen.getByText('1 question with errors was skipped.')).toBeTruthy();
    const uploads = calls(fetchMock).filter((call) => call.startsWith('POST'));
    expect(uploads).toEqual([
      `POST ${qdb(`/banks/${bankId}/import`)}?format=gift&mode=all_or_nothing&dryRun=true`,
      `POST ${qdb(`/banks/${bankId}/import`)}?format=gift&mode=valid_only&dryRun=false`,
    ]);
    const sent = fetchMock.mock.calls.find(([url]) => String(url).includes('/import'));
    const headers = new Headers(sent?.[1]?.headers);
    expect(headers.get('X-Questa-Request')).toBe('1');
    expect(headers.get('Content-Type')).toBe('text/plain');
    expect(sent?.[1]?.body).toBeInstanceOf(File);
  });

  it('imports everything when the check found no errors', async () => {
    stubXhrThroughFetch();
    stubApi({
      [`GET ${qdb(`/banks/${bankId}`)}`]: () => jsonResponse(anAuthoringBank()),
      [`POST ${qdb(`/banks/${bankId}/import`)}`]: (url) =>
        jsonResponse({
          total: 2,
          valid: 2,
          imported: url.searchParams.get('dryRun') === 'true' ? 0 : 2,
          errors: [],
          warnings: [],
        }),
    });
    renderApp(importPath, { session: aSession({}, [aMembership()]) });

    await screen.findByLabelText('File');
    chooseFile(new File(['<quiz/>'], 'moodle.xml', { type: 'text/xml' }));
    expect((screen.getByLabelText('Format') as HTMLSelectElement).value).toBe('moodle_xml');
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));

    fireEvent.click(await screen.findByRole('button', { name: 'Import all' }));
    expect(await screen.findByText('Imported 2 questions.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Import only/ })).toBeNull();
  });

  it('takes a .txt file of lettered options and ANSWER lines for Aiken, and another for GIFT', async () => {
    stubApi({ [`GET ${qdb(`/banks/${bankId}`)}`]: () => jsonResponse(anAuthoringBank()) });
    renderApp(importPath, { session: aSession({}, [aMembership()]) });
    await screen.findByLabelText('File');
    const format = () => (screen.getByLabelText('Format') as HTMLSelectElement).value;

    chooseFile(new File(['Which is prime?\nA. 4\nB. 7\nANSWER: B\n'], 'quiz.txt'));
    await waitFor(() => expect(format()).toBe('aiken'));
    chooseFile(new File(['::Q1:: 2 + 2 = {=4 ~5}\n'], 'other.txt'));
    await waitFor(() => expect(format()).toBe('gift'));
  });

  it('shows the lines of a file refused as a whole', async () => {
    stubXhrThroughFetch();
    stubApi({
      [`GET ${qdb(`/banks/${bankId}`)}`]: () => jsonResponse(anAuthoringBank()),
      [`POST ${qdb(`/banks/${bankId}/import`)}`]: () =>
        problemResponse({
          status: 422,
          code: 'import.invalid',
          lines: [{ line: 12, message: 'Unknown question type.' }],
        }),
    });
    renderApp(importPath, { session: aSession({}, [aMembership()]) });

    await screen.findByLabelText('File');
    chooseFile(gift());
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The import file has errors.');
    expect(screen.getByRole('region', { name: 'Errors' }).textContent).toContain(
      'Line 12: Unknown question type.',
    );
  });

  it('refuses a file over 20 MB before sending it', async () => {
    const fetchMock = stubApi({
      [`GET ${qdb(`/banks/${bankId}`)}`]: () => jsonResponse(anAuthoringBank()),
    });
    renderApp(importPath, { session: aSession({}, [aMembership()]) });

    await screen.findByLabelText('File');
    const big = new File(['x'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    chooseFile(big);

    expect(screen.getByText(/larger than 20 MB/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Check file' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await waitFor(() =>
      expect(calls(fetchMock).every((call) => call.startsWith('GET'))).toBe(true),
    );
  });
});
