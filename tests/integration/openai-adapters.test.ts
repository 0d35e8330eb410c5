import { afterAll, describe, expect, it } from 'vitest';
import { OBJECTIVE_TEMPLATES } from '../../shared/objective-templates';
import { DEFAULT_TRAITS } from '../../shared/personality';
import { LlmError } from '../../backend/src/providers/llm/port';
import { createOpenAiLlm, OPENAI_CHAT_MODEL, parseObjective } from '../../backend/src/providers/llm/openai';
import { SpeechError } from '../../backend/src/providers/speech/port';
import { createOpenAiSpeech, OPENAI_TTS_MODEL } from '../../backend/src/providers/speech/openai';
import { fakeMp3, startFakeOpenAi } from '../fakes/openai/fake-openai';

const business = {
  business_name: 'Golden Gate Dental Care',
  address: '450 Sutter St, San Francisco, CA',
  website: 'https://goldengatedental.example',
  business_hours: { weekday_text: ['Monday: 8:00 AM – 5:00 PM', 'Tuesday: 8:00 AM – 5:00 PM'] },
  manager_name: 'Dr. Lee',
};

describe('OpenAI adapters against a fake of the OpenAI API', async () => {
  const fake = await startFakeOpenAi({
    apiKey: 'sk-test-key',
    reply: (body) =>
      body.response_format?.type === 'json_object'
        ? JSON.stringify({
            goal: 'Book first visits for new patients of Golden Gate Dental Care.',
            required_capabilities: ['availability_check', 'Not An Identifier'],
            success_criteria: ['appointment_booked'],
          })
        : `reply to: ${body.messages.at(-1)?.content}`,
  });
  afterAll(() => fake.close());
  const llm = createOpenAiLlm({ apiKey: 'sk-test-key', baseUrl: fake.baseUrl });
  const speech = createOpenAiSpeech({ apiKey: 'sk-test-key', baseUrl: fake.baseUrl });

  it('writes a description with chat completions, sending only the business facts', async () => {
    const text = await llm.generateDescription(business);
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      authorization: 'Bearer sk-test-key',
    });
    expect(request.body.model).toBe(OPENAI_CHAT_MODEL);
    const user = (request.body.messages as Array<{ role: string; content: string }>).find(
      (m) => m.role === 'user',
    )!;
    expect(user.content).toContain('Business name: Golden Gate Dental Care');
    expect(user.content).toContain('Kind of business: dental practice');
    expect(user.content).toContain('Opening hours: Monday and Tuesday 8:00 AM – 5:00 PM');
    expect(text).toBe(`reply to: ${user.content}`);
  });

  it('puts the five traits and the scenario question into the personality prompt', async () => {
    await llm.personalityResponse({
      scenario: 'manager',
      traits: { ...DEFAULT_TRAITS, humor: 'Genuinely Comedic' },
      business,
    });
    const messages = fake.requests.at(-1)!.body.messages as Array<{ role: string; content: string }>;
    expect(messages[0]!.content).toContain('Humor: Genuinely Comedic');
    expect(messages[0]!.content).toContain('Formality: Strictly Professional');
    expect(messages[0]!.content).toContain('Manager name: Dr. Lee');
    expect(messages[1]!.content).toBe('The caller asks: "Can I speak to the manager?"');
  });

  it('asks for JSON for objectives and keeps only well-formed identifiers', async () => {
    const objective = await llm.generateObjective({
      template: OBJECTIVE_TEMPLATES.new_patient_intake,
      config: business,
    });
    expect(fake.requests.at(-1)!.body.response_format).toEqual({ type: 'json_object' });
    expect(objective).toEqual({
      goal: 'Book first visits for new patients of Golden Gate Dental Care.',
      required_capabilities: ['availability_check'],
      success_criteria: ['appointment_booked'],
    });
    expect(() => parseObjective('not json', OBJECTIVE_TEMPLATES.answer_faqs)).toThrow(LlmError);
    expect(parseObjective('{}', OBJECTIVE_TEMPLATES.answer_faqs).required_capabilities).toEqual(
      OBJECTIVE_TEMPLATES.answer_faqs.required_capabilities,
    );
  });

  it('turns API failures and a wrong key into LlmError with the status', async () => {
    // The adapter retries once (maxRetries 1): a single failure is absorbed, two in a row surface.
    fake.failNext(500);
    const before = fake.requests.length;
    expect(await llm.generateDescription(business)).toMatch(/^reply to:/);
    expect(fake.requests.length - before).toBe(2);
    fake.failNext(500, 2);
    await expect(llm.generateDescription(business)).rejects.toMatchObject({ status: 500 });
    const wrongKey = createOpenAiLlm({ apiKey: 'sk-wrong', baseUrl: fake.baseUrl });
    const error = await wrongKey.generateDescription(business).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).status).toBe(401);
  });

  it('speaks with audio.speech as MP3 in the chosen voice, and lists voices by gender', async () => {
    const clip = await speech.synthesize({
      provider: 'openai',
      voice_id: 'nova',
      text: 'Hello there.',
      provider_config: { speed: 1.25 },
    });
    expect(clip.mimeType).toBe('audio/mpeg');
    expect(Buffer.from(clip.audio).equals(fakeMp3('nova:Hello there.'))).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/audio/speech',
      body: {
        model: OPENAI_TTS_MODEL,
        voice: 'nova',
        input: 'Hello there.',
        response_format: 'mp3',
        speed: 1.25,
      },
    });
    const voices = await speech.listVoices();
    expect(voices.female.map((v) => v.voice_id)).toContain('nova');
    expect(voices.male.map((v) => v.voice_id)).toContain('onyx');
    expect(voices.neutral.map((v) => v.voice_id)).toContain('alloy');
  });

  it('streams one clip per sentence and refuses unknown voices without calling the API', async () => {
    const texts: string[] = [];
    for await (const chunk of speech.synthesizeSentences({
      provider: 'openai',
      voice_id: 'onyx',
      text: 'One. Two!',
    })) {
      texts.push(Buffer.from(chunk.audio).subarray(14).toString());
    }
    expect(texts).toEqual(['onyx:One.', 'onyx:Two!']);
    const before = fake.requests.length;
    await expect(
      speech.synthesize({ provider: 'openai', voice_id: 'emma', text: 'Hi.' }),
    ).rejects.toMatchObject({
      code: 'unknown_voice',
    });
    expect(fake.requests.length).toBe(before);
    fake.failNext(503, 2);
    await expect(
      speech.synthesize({ provider: 'openai', voice_id: 'nova', text: 'Hi.' }),
    ).rejects.toBeInstanceOf(SpeechError);
  });
});
