import { renderApp } from '../../testing/render-app';
import type { QuestionContent, QuestionDetail } from '@questa/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  aQuestionDetail,
  clientId,
  contents,
  qdb,
  questionId,
} from '../../testing/authoring-fixtures';
import { aMembership, aSession } from '../../testing/session-fixtures';
import { calls, jsonResponse, problemResponse, stubApi } from '../../testing/stub-fetch';

const editorPath = `/author/questions/${questionId}?tenant=${clientId}`;
const asRole = (role: 'owner' | 'author' | 'reviewer' | 'viewer') =>
  aSession({}, [aMembership({ role })]);

function openEditor(
  detail: QuestionDetail,
  role: 'owner' | 'author' | 'reviewer' | 'viewer' = 'author',
  routes: Parameters<typeof stubApi>[0] = {},
) {
  const fetchMock = stubApi({
    [`GET ${qdb(`/questions/${questionId}`)}`]: () => jsonResponse(detail),
    // A team whose publishing needs a second person, unless a test says otherwise.
    [`GET ${qdb('/publishing')}`]: () => jsonResponse({ secondPerson: true, publishers: 2 }),
    ...routes,
  });
  renderApp(editorPath, { session: asRole(role) });
  return fetchMock;
}

function bodyOf(fetchMock: ReturnType<typeof stubApi>, method: string, path: string) {
  const call = fetchMock.mock.calls.find(
    ([url, init]) => url === path && (init?.method ?? 'GET') === method,
  );
  if (!call) throw new Error(`No ${method} ${path}; calls: ${calls(fetchMock).join(', ')}`);
  return {
    body: JSON.parse(String(call[1]?.body)) as Record<string, unknown>,
    headers: new Headers(call[1]?.headers),
  };
}

const stem = () => screen.getByLabelText('Question text') as HTMLTextAreaElement;
const status = () => document.querySelector('.save-status')?.textContent;

describe('question editor', () => {
  it.each([
    ['single_choice', ['Option 1', 'Option 2', 'Option 1 is correct'], ['Add option']],
    ['multiple_response', ['Option 3', 'Option 2 is correct'], ['Add option']],
    ['true_false', ['True', 'False'], []],
    ['short_text', ['Accepted answer 1', 'Case sensitive', 'Spaces'], ['Add accepted answer']],
    ['numeric', ['Correct value', 'Tolerance', 'Unit'], []],
    ['ordering', ['Item 1', 'Item 3'], ['Add item', 'Move Item 2 up', 'Remove Item 3']],
    ['matching', ['Prompt 1', 'Matching answer 2'], ['Add pair', 'Remove Pair 2']],
    [
      'cloze',
      ['Answer for {{b1}}', 'Accepted answer 1 for {{b1}}', 'Choice 2 for {{b2}}'],
      ['Add blank', 'Insert {{b1}} into the question'],
    ],
  ] as const)('edits a %s question with its own fields', async (type, labels, buttons) => {
    openEditor(aQuestionDetail(contents[type]));

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit question' })).toBeTruthy();
    expect(stem().value).toBe(contents[type].stem);
    for (const label of labels) expect(screen.getAllByLabelText(label).length).toBeGreaterThan(0);
    for (const name of buttons) expect(screen.getByRole('button', { name })).toBeTruthy();
    for (const label of ['Explanation', 'Topic', 'Tags', 'Difficulty', 'Points']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    const header = document.querySelector('.editor-header') as HTMLElement;
    expect(within(header).getByText('Draft')).toBeTruthy();
    expect(within(header).getByText('Version 1')).toBeTruthy();
    // Nothing is wrong with these questions, so no error is shown.
    expect(document.querySelector('.field__error')).toBeNull();
  });

  it('says a single-choice question needs exactly one correct option', async () => {
    const twoCorrect: QuestionContent = {
      ...contents.single_choice,
      options: [
        { id: 'o1', text: 'Paris', correct: true },
        { id: 'o2', text: 'Lyon', correct: true },
      ],
    };
    openEditor(aQuestionDetail(twoCorrect));

    expect(await screen.findByText('Mark exactly one option as correct.')).toBeTruthy();
    const options = screen.getByRole('group', { name: 'Options' });
    expect(options.getAttribute('aria-describedby')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Option 2 is correct'));
    expect(screen.queryByText('Mark exactly one option as correct.')).toBeNull();
    expect((screen.getByLabelText('Option 1 is correct') as HTMLInputElement).checked).toBe(false);
  });

  it('shows errors next to fields as the author types', async () => {
    openEditor(aQuestionDetail(contents.numeric));
    fireEvent.change(await screen.findByLabelText('Tolerance'), { target: { value: '-2' } });
    fireEvent.change(screen.getByLabelText('Correct value'), { target: { value: 'abc' } });
    fireEvent.change(stem(), { target: { value: '   ' } });

    expect(screen.getByText("The tolerance can't be negative.")).toBeTruthy();
    expect(screen.getByText('Enter a number.')).toBeTruthy();
    expect(screen.getByText("This can't be empty.")).toBeTruthy();
    expect(stem().getAttribute('aria-invalid')).toBe('true');
    expect(status()).toBe('Not saved: fix the marked fields');
  });

  it('adds, reorders and removes options with buttons', async () => {
    openEditor(aQuestionDetail(contents.single_choice));
    await screen.findByLabelText('Option 1');

    fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
    fireEvent.change(screen.getByLabelText('Option 3'), { target: { value: 'Nice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move Option 3 up' }));
    expect((screen.getByLabelText('Option 2') as HTMLInputElement).value).toBe('Nice');

    fireEvent.click(screen.getByRole('button', { name: 'Remove Option 1' }));
    expect((screen.getByLabelText('Option 1') as HTMLInputElement).value).toBe('Nice');
    // Paris was the correct one; none is left, which is an error until one is chosen.
    expect(screen.getByText('Mark exactly one option as correct.')).toBeTruthy();
    // Two options are the least: removing another is refused.
    fireEvent.click(screen.getByRole('button', { name: 'Remove Option 1' }));
    expect(screen.getAllByLabelText(/^Option \d$/)).toHaveLength(2);
  });

  it('adds a cloze blank at the cursor in the question text', async () => {
    openEditor(aQuestionDetail(contents.cloze));
    await screen.findByLabelText('Answer for {{b1}}');
    stem().setSelectionRange(0, 0);

    fireEvent.click(screen.getByRole('button', { name: 'Add blank' }));

    expect(stem().value).toBe(`{{b3}}${contents.cloze.stem}`);
    expect(screen.getByLabelText('Accepted answer 1 for {{b3}}')).toBeTruthy();
    expect(screen.getByText("This can't be empty.")).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove blank {{b3}}' }));
    expect(stem().value).toBe(contents.cloze.stem);
  });

  it('autosaves a draft a moment after typing, with the revision it was based on', async () => {
    const detail = aQuestionDetail();
    const fetchMock = openEditor(detail, 'author', {
      [`PUT ${qdb(`/questions/${questionId}`)}`]: (_url, init) => {
        const { content } = JSON.parse(String(init?.body)) as { content: QuestionContent };
        return jsonResponse(aQuestionDetail(content, { revision: 4 }));
      },
    });
    await screen.findByLabelText('Question text');
    expect(status()).toBe('Saved');

    fireEvent.change(stem(), { target: { value: 'What is the capital of Italy?' } });
    expect(status()).toBe('Unsaved changes');
    expect(window.localStorage.getItem(`questa.draft.${questionId}`)).toContain('Italy');

    await waitFor(() => expect(status()).toBe('Saved'));
    const put = bodyOf(fetchMock, 'PUT', qdb(`/questions/${questionId}`));
    expect(put.body.expectedRevision).toBe(3);
    expect((put.body.content as QuestionContent).stem).toBe('What is the capital of Italy?');
    expect(put.headers.get('X-Questa-Request')).toBe('1');
    expect(window.localStorage.getItem(`questa.draft.${questionId}`)).toBeNull();

    // The next save builds on the revision the server answered with.
    fireEvent.change(stem(), { target: { value: 'What is the capital of Spain?' } });
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await waitFor(() =>
      expect(calls(fetchMock).filter((call) => call.startsWith('PUT'))).toHaveLength(2),
    );
    const second = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')[1];
    expect(JSON.parse(String(second?.[1]?.body)).expectedRevision).toBe(4);
  });

  it('keeps the typed text when someone else saved first, and reloads their version on request', async () => {
    const theirs = aQuestionDetail(
      { ...contents.single_choice, stem: 'Their wording' },
      { revision: 5 },
    );
    let reloaded = false;
    const fetchMock = openEditor(aQuestionDetail(), 'author', {
      [`PUT ${qdb(`/questions/${questionId}`)}`]: () =>
        problemResponse({ status: 409, code: 'conflict.version' }),
      [`GET ${qdb(`/questions/${questionId}`)}`]: () =>
        jsonResponse(reloaded ? theirs : aQuestionDetail()),
    });
    await screen.findByLabelText('Question text');

    fireEvent.change(stem(), { target: { value: 'My careful wording' } });
    fireEvent.keyDown(window, { key: 's', metaKey: true });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Someone else saved this question while you were editing.');
    expect(stem().value).toBe('My careful wording');
    expect(status()).toBe('Not saved: changed by someone else');
    expect(window.localStorage.getItem(`questa.draft.${questionId}`)).toContain(
      'My careful wording',
    );

    // Typing on keeps the text safe and does not try to save over theirs.
    fireEvent.change(stem(), { target: { value: 'My careful wording, improved' } });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(calls(fetchMock).filter((call) => call.startsWith('PUT'))).toHaveLength(1);
    expect(window.localStorage.getItem(`questa.draft.${questionId}`)).toContain('improved');

    reloaded = true;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reload their version' }));
    await waitFor(() => expect(stem().value).toBe('Their wording'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(status()).toBe('Saved');
  });

  it('shows the server’s field errors next to the fields', async () => {
    openEditor(aQuestionDetail(), 'author', {
      [`PUT ${qdb(`/questions/${questionId}`)}`]: () =>
        problemResponse({
          status: 400,
          code: 'validation.failed',
          errors: [{ field: 'content.topic', message: 'This topic is reserved.' }],
        }),
    });
    fireEvent.change(await screen.findByLabelText('Topic'), { target: { value: 'Admin' } });
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });

    expect(await screen.findByText('This topic is reserved.')).toBeTruthy();
    expect(screen.getByLabelText('Topic').getAttribute('aria-invalid')).toBe('true');
    expect(status()).toBe("Couldn't save");
    expect(screen.getByRole('alert').textContent).toContain('Some fields need attention.');
  });

  it('restores unsaved changes kept in this browser', async () => {
    window.localStorage.setItem(
      `questa.draft.${questionId}`,
      JSON.stringify({
        content: { ...contents.single_choice, stem: 'Typed before the tab closed' },
        baseRevision: 3,
      }),
    );
    const fetchMock = openEditor(aQuestionDetail());

    await screen.findByLabelText('Question text');
    expect(stem().value).toBe('Typed before the tab closed');
    expect(screen.getByText(/unsaved changes kept in this browser/)).toBeTruthy();
    // They are not saved behind the author's back: the author may want to discard them.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(calls(fetchMock).some((call) => call.startsWith('PUT'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Discard them' }));
    expect(stem().value).toBe(contents.single_choice.stem);
  });

  it('offers authors to submit a draft, and sends the step with the revision', async () => {
    const fetchMock = openEditor(aQuestionDetail(), 'author', {
      [`POST ${qdb(`/questions/${questionId}/transitions`)}`]: () =>
        jsonResponse(
          aQuestionDetail(contents.single_choice, { revision: 4 }, { status: 'in_review' }),
        ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Submit for review' }));

    expect(await screen.findByRole('button', { name: 'Return to draft' })).toBeTruthy();
    expect(screen.getByText('Submitted for review.')).toBeTruthy();
    // Publishing is shown, refused, with why and who publishes instead.
    const publish = screen.getByRole('button', { name: 'Publish' });
    expect(publish.getAttribute('aria-disabled')).toBe('true');
    expect(publish.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(publish.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /only its reviewers and owners publish/,
    );
    expect(bodyOf(fetchMock, 'POST', qdb(`/questions/${questionId}/transitions`)).body).toEqual({
      action: 'submit',
      expectedRevision: 3,
    });
  });

  it('says why an owner may not publish a version they wrote, and who may', async () => {
    const fetchMock = openEditor(
      aQuestionDetail(contents.true_false, {}, { status: 'in_review' }),
      'owner',
    );
    const publish = await screen.findByRole('button', { name: 'Publish' });
    expect(publish.getAttribute('aria-disabled')).toBe('true');
    const reason = document.getElementById(publish.getAttribute('aria-describedby')!)!;
    expect(reason.textContent).toContain('You wrote this version');
    expect(reason.textContent).toContain('another reviewer or owner publishes it');
    expect(reason.textContent).toContain('The owner of Acme Academy chooses');
    // Refused, it stays focusable for keyboards and sends nothing when pressed.
    publish.focus();
    expect(document.activeElement).toBe(publish);
    fireEvent.click(publish);
    expect(calls(fetchMock).some((call) => call.startsWith('POST'))).toBe(false);
  });

  it('lets a teacher on their own publish a draft directly', async () => {
    const fetchMock = openEditor(aQuestionDetail(), 'owner', {
      [`GET ${qdb('/publishing')}`]: () => jsonResponse({ secondPerson: false, publishers: 1 }),
      [`POST ${qdb(`/questions/${questionId}/transitions`)}`]: () =>
        jsonResponse(
          aQuestionDetail(contents.single_choice, { publishedVersion: 1 }, { status: 'published' }),
        ),
    });
    const publish = await screen.findByRole('button', { name: 'Publish' });
    expect(publish.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(publish);
    await waitFor(() =>
      expect(bodyOf(fetchMock, 'POST', qdb(`/questions/${questionId}/transitions`)).body).toEqual({
        action: 'publish',
        expectedRevision: 3,
      }),
    );
  });

  it('offers reviewers to publish what is in review, without editing it', async () => {
    openEditor(aQuestionDetail(contents.true_false, {}, { status: 'in_review' }), 'reviewer');

    expect(await screen.findByRole('button', { name: 'Publish' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Return to draft' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(stem().closest('fieldset[disabled]')).toBeTruthy();
  });

  it('offers owners to retire a published question, and asks before taking it from learners', async () => {
    const published = aQuestionDetail(
      contents.numeric,
      { publishedVersion: 1 },
      { status: 'published' },
    );
    const fetchMock = openEditor(published, 'owner', {
      [`POST ${qdb(`/questions/${questionId}/transitions`)}`]: () =>
        jsonResponse(
          aQuestionDetail(contents.numeric, { publishedVersion: 1 }, { status: 'retired' }),
        ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Retire' }));
    expect(screen.getByRole('button', { name: 'Save as new draft' })).toBeTruthy();

    let dialog = await screen.findByRole('dialog', { name: 'Retire this question?' });
    expect(dialog.textContent).toContain('Learners stop seeing it');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetchMock).some((call) => call.startsWith('POST'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Retire' }));
    dialog = await screen.findByRole('dialog', { name: 'Retire this question?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retire' }));

    expect(await screen.findByText('Retired: learners no longer see this question.')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', qdb(`/questions/${questionId}/transitions`)).body).toEqual({
      action: 'retire',
      expectedRevision: 3,
    });
  });

  it('offers viewers no step and no save', async () => {
    openEditor(aQuestionDetail(), 'viewer');
    await screen.findByLabelText('Question text');
    for (const name of ['Submit for review', 'Publish', 'Retire', 'Return to draft', 'Save']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.getByText(/lets you read this question, not change it/)).toBeTruthy();
  });

  it('previews the question with math, hiding the answer until asked', async () => {
    openEditor(aQuestionDetail({ ...contents.single_choice, stem: 'Solve $x^2 = 4$.' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });

    expect(preview.querySelector('.katex')).toBeTruthy();
    expect(within(preview).getByText('Paris')).toBeTruthy();
    expect(within(preview).queryByText('Correct')).toBeNull();

    fireEvent.click(within(preview).getByRole('button', { name: 'Show answer' }));
    expect(within(preview).getByText('Correct')).toBeTruthy();
    expect(within(preview).getByText('Paris has been the capital since 508.')).toBeTruthy();
  });

  it('asks what an uploaded image shows and puts that description in the reference', async () => {
    const sha = 'c'.repeat(64);
    const { stubXhrThroughFetch } = await import('../../testing/stub-xhr');
    stubXhrThroughFetch();
    const fetchMock = openEditor(aQuestionDetail(), 'author', {
      [`POST ${qdb('/media')}`]: () =>
        jsonResponse({
          sha256: sha,
          contentType: 'image/png',
          bytes: 3,
          width: 1,
          height: 1,
          reference: `media:${sha}`,
        }),
    });
    await screen.findByLabelText('Question text');
    stem().setSelectionRange(0, 0);

    const file = new File(['png'], 'eiffel-tower.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Upload image, audio or video', { selector: 'input' }), {
      target: { files: [file] },
    });

    const dialog = await screen.findByRole('dialog', { name: 'Describe the image' });
    const description = within(dialog).getByLabelText('Description') as HTMLInputElement;
    // The file name is no description: the field starts empty, and an empty one is refused.
    expect(description.value).toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert image' }));
    expect(within(dialog).getByText('Describe the image, or mark it as decorative.')).toBeTruthy();
    expect(calls(fetchMock)).not.toContain(`POST ${qdb('/media')}`);

    fireEvent.change(description, { target: { value: 'The Eiffel Tower [at night]' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert image' }));

    await waitFor(() =>
      expect(stem().value).toBe(
        `![The Eiffel Tower at night](media:${sha})${contents.single_choice.stem}`,
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(preview.querySelector('img')?.getAttribute('src')).toBe(`/cdn/media/${sha}`);
    expect(preview.querySelector('img')?.getAttribute('alt')).toBe('The Eiffel Tower at night');
    const upload = fetchMock.mock.calls.find(([url]) => url === qdb('/media'));
    expect(new Headers(upload?.[1]?.headers).get('Content-Type')).toBe('image/png');
    expect(new Headers(upload?.[1]?.headers).get('X-Questa-Request')).toBe('1');
  });

  it('inserts a decorative image with an empty description, and uploads nothing when cancelled', async () => {
    const sha = 'd'.repeat(64);
    const { stubXhrThroughFetch } = await import('../../testing/stub-xhr');
    stubXhrThroughFetch();
    const fetchMock = openEditor(aQuestionDetail(), 'author', {
      [`POST ${qdb('/media')}`]: () =>
        jsonResponse({
          sha256: sha,
          contentType: 'image/png',
          bytes: 3,
          width: 1,
          height: 1,
          reference: `media:${sha}`,
        }),
    });
    await screen.findByLabelText('Question text');
    const choose = (name: string) =>
      fireEvent.change(
        screen.getByLabelText('Upload image, audio or video', { selector: 'input' }),
        {
          target: { files: [new File(['png'], name, { type: 'image/png' })] },
        },
      );

    choose('flourish.png');
    let dialog = await screen.findByRole('dialog', { name: 'Describe the image' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetchMock)).not.toContain(`POST ${qdb('/media')}`);

    stem().setSelectionRange(0, 0);
    choose('flourish.png');
    dialog = await screen.findByRole('dialog', { name: 'Describe the image' });
    fireEvent.click(within(dialog).getByLabelText(/^Decorative/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert image' }));
    await waitFor(() =>
      expect(stem().value).toBe(`![](media:${sha})${contents.single_choice.stem}`),
    );
  });

  it('asks for a description of a sound, never decorative, and the preview plays it', async () => {
    const sha = 'f'.repeat(64);
    const { stubXhrThroughFetch } = await import('../../testing/stub-xhr');
    stubXhrThroughFetch();
    openEditor(aQuestionDetail(), 'author', {
      [`POST ${qdb('/media')}`]: () =>
        jsonResponse({
          sha256: sha,
          contentType: 'audio/mpeg',
          bytes: 417,
          width: null,
          height: null,
          reference: `media:${sha}#audio`,
        }),
    });
    await screen.findByLabelText('Question text');
    stem().setSelectionRange(0, 0);
    fireEvent.change(screen.getByLabelText('Upload image, audio or video', { selector: 'input' }), {
      target: { files: [new File(['mp3'], 'greeting.mp3', { type: 'audio/mpeg' })] },
    });

    const dialog = await screen.findByRole('dialog', { name: 'Describe the audio' });
    expect(within(dialog).queryByLabelText(/^Decorative/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert audio' }));
    expect(
      within(dialog).getByText('Describe what the recording says or sounds like.'),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Description'), {
      target: { value: 'A woman says good morning' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert audio' }));

    await waitFor(() =>
      expect(stem().value).toBe(
        `![A woman says good morning](media:${sha}#audio)${contents.single_choice.stem}`,
      ),
    );
    const preview = screen.getByRole('region', { name: 'Preview' });
    const audio = preview.querySelector('audio');
    expect(audio?.getAttribute('src')).toBe(`/cdn/media/${sha}`);
    expect(audio?.getAttribute('aria-label')).toBe('A woman says good morning');
    expect(preview.querySelector('.md-media__caption')?.textContent).toBe(
      'A woman says good morning',
    );
  });

  it('points out an image whose description is a file name, without blocking the save', async () => {
    const sha = 'e'.repeat(64);
    openEditor(
      aQuestionDetail({
        ...contents.single_choice,
        stem: `![IMG_2041.jpg](media:${sha}) Which city is this?`,
        media: [sha],
      }),
    );
    expect(
      await screen.findByText(
        'The image described as “IMG_2041.jpg” has a file name for its description. Write what it shows between the square brackets, or leave them empty if it is decorative.',
      ),
    ).toBeTruthy();
    expect(status()).toBe('Saved');

    fireEvent.change(stem(), {
      target: { value: `![A street map of Lyon](media:${sha}) Which city is this?` },
    });
    expect(screen.queryByText(/has a file name for its description/)).toBeNull();
    expect(status()).toBe('Unsaved changes');
  });

  it('shows the history with a word-level diff between versions', async () => {
    const v1 = aQuestionDetail().current;
    const v2 = {
      ...v1,
      version: 2,
      content: {
        ...contents.single_choice,
        stem: 'What is the capital city of France?',
        difficulty: 3,
      },
    };
    openEditor(aQuestionDetail(v2.content, { currentVersion: 2 }, { version: 2 }), 'author', {
      [`GET ${qdb(`/questions/${questionId}/versions`)}`]: () =>
        jsonResponse({ versions: [v1, v2] }),
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'History' }));

    const list = await screen.findByLabelText('Changes from version 1 to 2');
    expect(within(list).getByText('Question text')).toBeTruthy();
    expect(list.querySelector('ins')?.textContent).toBe('city ');
    expect(within(list).getByText('Difficulty')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Versions' })).toBeTruthy();
  });

  it('names the author of each version, and says so when someone is no longer a member', async () => {
    const v1 = { ...aQuestionDetail().current, authorId: 'sub-gone' };
    const v2 = { ...v1, version: 2, authorId: 'sub-ada' };
    const v3 = { ...v1, version: 3, authorId: 'sub-ada' };
    let asked: string | null = null;
    openEditor(aQuestionDetail(v3.content, { currentVersion: 3 }, { version: 3 }), 'author', {
      [`GET ${qdb(`/questions/${questionId}/versions`)}`]: () =>
        jsonResponse({ versions: [v1, v2, v3] }),
      // The main API names only current members: sub-gone left the tenant, or deleted their account.
      [`GET /api/authoring/clients/${clientId}/people`]: (url) => {
        asked = new URL(String(url), 'http://localhost').searchParams.get('ids');
        return jsonResponse({ people: [{ id: 'sub-ada', name: 'Ada Lovelace' }] });
      },
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'History' }));

    const table = await screen.findByRole('table', { name: 'Versions' });
    await waitFor(() => expect(within(table).getAllByText('Ada Lovelace')).toHaveLength(2));
    const rows = within(table).getAllByRole('row');
    expect(rows.at(-1)?.textContent).toContain('Former member');
    expect(table.textContent).not.toContain('sub-');
    // Each author is asked about once.
    expect(asked).toBe('sub-ada,sub-gone');
  });

  it('says an API key, another application or the demo content wrote a version, without asking for names', async () => {
    const v1 = { ...aQuestionDetail().current, authorId: 'questa-demo-content' };
    const v2 = { ...v1, version: 2, authorId: 'credential:0b4e5d1c' };
    const v3 = { ...v1, version: 3, authorId: 'service:reports' };
    let askedForNames = false;
    openEditor(aQuestionDetail(v3.content, { currentVersion: 3 }, { version: 3 }), 'author', {
      [`GET ${qdb(`/questions/${questionId}/versions`)}`]: () =>
        jsonResponse({ versions: [v1, v2, v3] }),
      [`GET /api/authoring/clients/${clientId}/people`]: () => {
        askedForNames = true;
        return jsonResponse({ people: [] });
      },
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'History' }));

    const table = await screen.findByRole('table', { name: 'Versions' });
    await within(table).findByText('Questa demo content');
    expect(within(table).getByText('An API key')).toBeTruthy();
    expect(within(table).getByText('Another application')).toBeTruthy();
    expect(table.textContent).not.toContain('Former member');
    expect(askedForNames).toBe(false);
  });

  it('shows the not-found page for a question no tenant has', async () => {
    stubApi({});
    renderApp(editorPath, { session: asRole('author') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});
