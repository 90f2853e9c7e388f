/**
 * Response shapes of the learning API (quiz, review, Ask AI), shared by the server that builds them
 * and the web client that reads them; the routes' OpenAPI schemas describe the same.
 */

export const quizStatuses = ["none", "generating", "failed", "complete"] as const;
export type QuizStatus = (typeof quizStatuses)[number];

export type QuizEpisode = {
  id: string;
  title: string;
  imageUrl: string | null;
  audioUrl: string | null;
  duration: number | null;
  podcast: { id: string; name: string };
};
export type QuizQuestion = { id: string; stem: string; choices: string[] };
export type Quiz = { episode: QuizEpisode; quizStatus: QuizStatus; questions: QuizQuestion[] };

export type AnswerFeedback = {
  questionId: string;
  choice: string;
  isCorrect: boolean;
  correctAnswer: string;
  explanation: string | null;
  /** Seconds into the episode where the answer is discussed. */
  timecode: number | null;
  xpAwarded: number;
  /** Consecutive correct answers including this one. */
  combo: number;
};

export type AttemptProgress = {
  attemptId: string;
  episodeId: string;
  questionCount: number;
  answeredCount: number;
  correctCount: number;
  combo: number;
  maxCombo: number;
  xpEarned: number;
};

export type AttemptState = AttemptProgress & { answers: AnswerFeedback[] };
/** Opening the quiz screen starts an attempt or resumes the unfinished one. */
export type QuizAttempt = AttemptState & { isResumed: boolean };
export type AnswerResult = AnswerFeedback & AttemptProgress;

export type ResultAnswer = AnswerFeedback & { stem: string; confidence: number; timeMs: number };

export type QuizResults = {
  attemptId: string;
  episode: { id: string; title: string; podcastName: string };
  score: number;
  /** Percent correct, 0–100. */
  accuracy: number;
  correctCount: number;
  questionCount: number;
  xpEarned: number;
  maxCombo: number;
  levelBefore: number;
  levelAfter: number;
  finishedAt: string;
  answers: ResultAnswer[];
};

export type AnswerInput = { questionId: string; choice: string; confidence: number; timeMs: number };

export type CardScheduleView = { id: string; ease: number; interval: number; lapses: number; dueAt: string };

export type ReviewCard = CardScheduleView & {
  question: {
    id: string;
    stem: string;
    choices: string[];
    answer: string;
    explanation: string | null;
    timecode: number | null;
  };
  episode: { id: string; title: string };
  podcast: { id: string; name: string };
};

/** An Ask-AI answer source; timecode in seconds. */
export type ChatSource = { timecode: number; text?: string; title?: string };

export type ChatEntry = {
  id: string;
  question: string;
  answer: string;
  sources: ChatSource[];
  createdAt: string;
};
