import { useLingui } from '@lingui/react/macro';
import { Box, Center, Group, Loader, SegmentedControl, Title } from '@mantine/core';
import { MISSION_STATUS } from '@platform/contracts';
import { IconHierarchy2, IconLayoutColumns, IconMessages } from '@tabler/icons-react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useRouter, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useReducer, useRef, useState } from 'react';

import { sessionStore, useSession } from '../../lib/auth';
import type { PageProps } from '../../lib/page-props';
import { RequestError } from '../../lib/request';
import { missionApi, missionKeys } from '../mission';
import {
  chatApi,
  chatKeys,
  conversationsQuery,
  messagesQuery,
  missionQuery,
  replyBody,
} from './chat.api';
import {
  EMPTY_THREAD,
  missionsOf,
  type Outgoing,
  type ThreadMessage,
  threadReducer,
} from './chat.thread';
import { markTourSeen, startTour, type TourStep, type TourTexts } from './chat.tour';
import classes from './components/Chat.module.css';
import { Composer } from './components/Composer';
import { ConversationList } from './components/ConversationList';
import { loadMarkdown } from './components/Markdown';
import { MessageList } from './components/MessageList';
import { MissionCard } from './components/MissionCard';
import { clampSplit, SplitDivider } from './components/SplitDivider';
import { waitingQuestion } from './mission-card';

// bpmn-js comes with the first flowchart, not with the chat.
const ChatFlowchart = lazy(() =>
  import('./components/ChatFlowchart').then((m) => ({ default: m.ChatFlowchart })),
);

type View = 'chat' | 'flowchart' | 'split';

const positiveId = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
};

let sentKeys = 0;

/** Shows the four-step tour once per user: while the session's tour flag is 0. */
function useTour() {
  const { t } = useLingui();
  const due = useSession((s) => s.user?.tour === 0);
  // driver.js fills these in; Lingui keeps them as they are.
  const current = '{{current}}';
  const total = '{{total}}';
  // The texts of the language shown when the tour starts; a later render does not restart it.
  const texts = useRef<{ steps: TourStep[]; labels: TourTexts }>(null);
  texts.current = {
    steps: [
      {
        anchor: 'messages',
        title: t`Message window`,
        description: t`Your questions and the assistant's replies, written as they are produced. A mission the assistant starts shows here as a card that follows it live.`,
      },
      {
        anchor: 'composer',
        title: t`Input box`,
        description: t`Describe the job and paste sequences, or attach FASTA, PDB, CSV or text files. Enter sends, Shift+Enter starts a new line. When a mission asks you something, answer it here.`,
      },
      {
        anchor: 'flowchart',
        title: t`Flowchart view`,
        description: t`The mission's workflow as a diagram: running, finished and failed steps are marked as they happen.`,
      },
      {
        anchor: 'split',
        title: t`Split-screen view`,
        description: t`The chat and the flowchart side by side; drag the divider to share the space.`,
      },
    ],
    labels: {
      next: t`Next`,
      previous: t`Previous`,
      done: t`Got it`,
      progress: t`${current} of ${total}`,
    },
  };
  useEffect(() => {
    if (!due || !texts.current) return;
    let left = false;
    let stop: (() => void) | undefined;
    const { steps, labels } = texts.current;
    void startTour(steps, labels, () => {
      // Leaving the page mid-tour is not seeing it: it shows again next time.
      if (left) return;
      sessionStore.set((s) => (s.user ? { ...s, user: { ...s.user, tour: 1 } } : s));
      markTourSeen().catch(() => undefined);
    }).then((destroy) => {
      if (left) destroy();
      else stop = destroy;
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [due]);
}

/**
 * The research assistant (/wujie/char/talk, and /char/info?id= for one conversation): the history,
 * the message window with replies streamed in and mission cards that follow their missions, the input
 * box, and the flowchart and split-screen views of the conversation's mission.
 */
export function ChatPage(_props: PageProps) {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const pathname = useLocation({ select: (l) => l.pathname });
  const search = useSearch({ strict: false }) as { id?: unknown };
  const conversationId = positiveId(search.id);
  const queryClient = useQueryClient();
  const [thread, dispatch] = useReducer(threadReducer, EMPTY_THREAD);
  const [view, setView] = useState<View>('chat');
  const [ratio, setRatio] = useState(0.5);
  const [chosenMission, setChosenMission] = useState<number | null>(null);
  const [normalMessageFor, setNormalMessageFor] = useState<number | null>(null);
  const stream = useRef<AbortController | null>(null);
  /** The conversation this screen just created: opening it must not reset the thread it streams into. */
  const created = useRef<number | null>(null);
  const split = useRef<HTMLDivElement>(null);
  useTour();
  useEffect(() => void loadMarkdown(), []);

  const conversations = useQuery(conversationsQuery());
  const messages = useQuery({
    ...messagesQuery(conversationId ?? 0),
    enabled: conversationId !== null,
  });

  useEffect(() => {
    if (conversationId !== null && conversationId === created.current) return;
    created.current = null;
    stream.current?.abort();
    dispatch({ type: 'reset' });
    setChosenMission(null);
  }, [conversationId]);
  useEffect(() => () => stream.current?.abort(), []);
  useEffect(() => {
    if (messages.data) dispatch({ type: 'loaded', messages: messages.data });
  }, [messages.data]);

  const missionIds = missionsOf(thread);
  const missions = useQueries({ queries: missionIds.map((id) => missionQuery(id)) });
  // The newest mission that asks the user something, unless they chose to write normally.
  const asking = missions
    .map((q) => q.data)
    .filter((m) => m?.status === MISSION_STATUS.userInput && m.id !== normalMessageFor)
    .at(-1);
  const flowchartMission = chosenMission ?? missionIds.at(-1) ?? null;

  const open = useCallback(
    (id: number | null) => router.history.push(id === null ? pathname : `${pathname}?id=${id}`),
    [router, pathname],
  );

  const send = async (message: Outgoing): Promise<boolean> => {
    const time = new Date().toISOString();
    const key = `s${(sentKeys += 1)}`;
    if (asking) {
      let answered: { messageId: number | null };
      try {
        answered = await missionApi.reply(asking.id, replyBody(message));
      } catch {
        return false; // the request layer has shown why
      }
      dispatch({ type: 'answered', key, id: answered.messageId, message, time });
      void queryClient.invalidateQueries({ queryKey: missionKeys.one(asking.id) });
      return true;
    }
    let id = conversationId;
    if (id === null) {
      try {
        id = (await chatApi.create()).id;
      } catch {
        return false;
      }
      created.current = id;
      open(id);
    }
    dispatch({ type: 'sent', key, message, time });
    const controller = new AbortController();
    stream.current = controller;
    void (async () => {
      let closed = false;
      try {
        await chatApi.send(
          id,
          message,
          (event) => {
            if (event.type === 'done' || event.type === 'error') closed = true;
            dispatch({ type: 'event', key, event });
          },
          controller.signal,
        );
        if (!closed) dispatch({ type: 'interrupted', key, message: t`The reply was interrupted.` });
      } catch (error) {
        const reason = controller.signal.aborted
          ? t`Stopped.`
          : error instanceof RequestError
            ? error.message
            : t`The reply was interrupted.`;
        dispatch({ type: 'interrupted', key, message: reason });
      } finally {
        if (stream.current === controller) stream.current = null;
        void queryClient.invalidateQueries({ queryKey: chatKeys.messages(id) });
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
      }
    })();
    return true;
  };

  const showFlowchart = (missionId: number) => {
    setChosenMission(missionId);
    if (view === 'chat') setView('split');
  };

  // One card per mission the reply started ("humanize it and check risk sites" starts two).
  const renderCard = (message: ThreadMessage) =>
    message.missionIds.length === 0 ? null : (
      <>
        {message.missionIds.map((id) => (
          <MissionCard
            key={id}
            missionId={id}
            announced={message.mission?.missionId === id ? message.mission : null}
            selected={view !== 'chat' && id === flowchartMission}
            onShowFlowchart={showFlowchart}
          />
        ))}
      </>
    );

  const theme =
    conversations.data?.find((c) => c.id === conversationId)?.theme ??
    (conversationId === null ? t`New conversation` : '');

  return (
    <div className={classes.page} data-testid="chat-page">
      <aside className={classes.history}>
        <ConversationList activeId={conversationId} onOpen={open} onNew={() => open(null)} />
      </aside>
      <div className={classes.main}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={2} size="h5" lineClamp={1} data-testid="chat-title">
            {theme}
          </Title>
          <SegmentedControl
            size="xs"
            value={view}
            onChange={(value) => setView(value as View)}
            data={[
              {
                value: 'chat',
                label: (
                  <Group gap={4} wrap="nowrap">
                    <IconMessages size={14} />
                    {t`Chat`}
                  </Group>
                ),
              },
              {
                value: 'flowchart',
                label: (
                  <Group gap={4} wrap="nowrap" data-tour="flowchart" data-testid="view-flowchart">
                    <IconHierarchy2 size={14} />
                    {t`Flowchart`}
                  </Group>
                ),
              },
              {
                value: 'split',
                label: (
                  <Group gap={4} wrap="nowrap" data-tour="split" data-testid="view-split">
                    <IconLayoutColumns size={14} />
                    {t`Split screen`}
                  </Group>
                ),
              },
            ]}
            data-testid="chat-view"
          />
        </Group>
        <div ref={split} className={classes.pane} style={{ flexDirection: 'row' }} data-view={view}>
          <Box
            className={classes.pane}
            display={view === 'flowchart' ? 'none' : undefined}
            style={view === 'split' ? { flex: `0 0 ${ratio * 100}%` } : undefined}
          >
            <MessageList
              messages={thread.messages}
              loading={conversationId !== null && messages.isPending && !thread.messages.length}
              error={messages.isError && !thread.messages.length}
              onRetry={() => void messages.refetch()}
              renderCard={renderCard}
            />
            <Composer
              busy={thread.streaming !== null}
              answering={
                asking
                  ? {
                      code: asking.code,
                      question: waitingQuestion(asking.waiting, i18n.locale === 'en' ? 'en' : 'zh'),
                    }
                  : null
              }
              onSend={send}
              onStop={() => stream.current?.abort()}
              onLeaveAnswer={() => setNormalMessageFor(asking?.id ?? null)}
            />
          </Box>
          {view === 'split' ? (
            <SplitDivider
              container={split}
              ratio={ratio}
              onChange={(r) => setRatio(clampSplit(r))}
            />
          ) : null}
          {view === 'chat' ? null : (
            <Box flex={1} miw={0}>
              <Suspense
                fallback={
                  <Center h="100%">
                    <Loader />
                  </Center>
                }
              >
                <ChatFlowchart missionId={flowchartMission} />
              </Suspense>
            </Box>
          )}
        </div>
      </div>
    </div>
  );
}
