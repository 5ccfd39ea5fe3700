/**
 * Which modules go together into one chunk (rolldown's `advancedChunks` groups). Left to itself,
 * rolldown cuts the modules the lazy screens share into one chunk per sharing pattern: /home came in
 * 41 scripts (Step 9), /editpassword's screen in 32 files as late as Step 23 (IconButton's, the
 * catalog gate's, the SMS field's… most under 2 KB). On a phone's HTTP/1.1, six connections at a
 * time, each file is one more round trip: Lighthouse put /editpassword's LCP at 3.1 s with them.
 *
 * The rule (decision 0039): modules go together when the same budgeted first loads (/login, /home,
 * /videoview; scripts/size.mjs) read them all — what only /login reads, what /login and /videoview
 * both read, … — so a budgeted route loads exactly the modules it loaded before, in fewer files;
 * and what several other screens share, which no budgeted first load reads, is one chunk
 * (`screens`). Another screen then loads a few files with some bytes it does not run, which on a
 * slow link costs far less than the round trips it saves. Each group takes only the modules it
 * names (`includeDependenciesRecursively: false`): what they import stays where it was. A module
 * named here that a budgeted route comes to read unexpectedly shows as that route's budget
 * overrun (the test command's size check).
 */

/** One group: rolldown's fields this app uses. */
export interface ChunkGroup {
  readonly name: string;
  readonly test: RegExp;
  readonly includeDependenciesRecursively?: boolean;
  readonly priority: number;
}

export const chunkGroups: ChunkGroup[] = [
  {
    // TanStack (router, query) and jotai in one chunk: left to itself, rolldown cuts them into as
    // many pieces as there are sharing patterns among the lazy chunks (41 scripts on /home); one
    // piece compresses better and loads in fewer requests (docs/perf.md, Step 9). With them, the
    // tiny shared tables every page reads (the envelope's codes, the ui's presentation values):
    // alone they would each be one more request.
    name: "lib",
    test: /node_modules[\\/](@tanstack|jotai)|packages[\\/](domain[\\/]src[\\/]codes|ui[\\/]src[\\/]presentation)\./,
    priority: 1,
  },
  {
    // What the entry loads on every page besides React and the libraries above, which left to
    // itself came as 17 little scripts (Step 13): the translations' runtime, the api-client with
    // ky, the shell's toasts and dialogs, the session and error rules, the hooks that read the API
    // client and forget the cache on a sign-in (`useApi`, `useForgetCache`), and each route's
    // definition (its search rules; the screens stay split). One request. With them the units'
    // placeholders every sentence of money reads (i18n's unit-values), which alone were a script
    // of 216 bytes on every page (Step 20). Not the api-client's uploads (a picture, a video in
    // parts): they load on first use.
    name: "app",
    test: /node_modules[\\/](@lingui|ky)[\\/]|react-dom[\\/](index\.js|cjs[\\/]react-dom\.production)|packages[\\/](api-client[\\/]src[\\/](?!(resumable|upload|crypto|contract[\\/]page-session)\.)|i18n[\\/]src[\\/](activate|locale|provider|unit-values)\.|domain[\\/]src[\\/](session|format|media-params)\.|ui[\\/]src[\\/](i18n|player[\\/]shaka|primitives[\\/](useModal|Layer|Toast|Dialog|Button))\.)|apps[\\/]h5[\\/]src[\\/](app[\\/](error-text|state|config|i18n|notify|api|page-data|useApi|tracking|session[\\/]cache)\.ts$|routes[\\/](?!__root)[^?]*\.tsx$|components[\\/](lateScreens\.ts|Offline\.tsx|chunkLoadError\.ts|LoadBoundary\.tsx|RouteError\.tsx|RoutePending\.tsx)$|features[\\/]((trade|library|posting|account|game|live)[\\/]routing|trade[\\/]search|video[\\/]queries)\.ts$|features[\\/]search[\\/](queries|search)\.ts$)|preload-helper/,
    includeDependenciesRecursively: false,
    priority: 1,
  },
  {
    // What the route loaders of every page need at start (the home and list queries, the
    // search-param rules): one chunk rather than one request per little module.
    name: "route-data",
    test: /apps[\\/]h5[\\/]src[\\/](features[\\/](home[\\/](queries|search)|videos[\\/]queries)|app[\\/]route-search)\./,
    priority: 1,
  },
  {
    // /videoview's (and most signed-in screens'): the signed-in person's queries and what every
    // feature's mutation hooks share (their events, the 'from' routes of /trade and /membervip, one's
    // own id; Step 20), the side panels' motion and permission rules (Step 11), the avatar, the
    // price rules and the money units' names.
    name: "session",
    test: /apps[\\/]h5[\\/]src[\\/]app[\\/](session[\\/](queries|own)|route-from|mutation-events)\.ts$|packages[\\/](ui[\\/]src[\\/](primitives[\\/]motion|my[\\/]Avatar)|domain[\\/]src[\\/](permissions|pricing)|i18n[\\/]src[\\/](unit-names|units))\./,
    includeDependenciesRecursively: false,
    priority: 1,
  },
  {
    // /videoview's own, which one or two other screens share: the player's quality menu and its
    // attachment, the video's mutations, the report, the action sheet and the copy button.
    name: "video",
    test: /packages[\\/]ui[\\/]src[\\/](player[\\/](QualityMenu|playerUtils|attachShaka)|primitives[\\/](ActionSheet|CopyButton))\.|apps[\\/]h5[\\/]src[\\/]features[\\/](video[\\/]mutations|report[\\/](queries|reasons|useReport))\./,
    includeDependenciesRecursively: false,
    priority: 1,
  },
  {
    // /home's and /videoview's: the lists (video cards, the infinite list, its retry, empty and
    // loading states, the paged list; the money screens use the list without the cards, which
    // would otherwise cut it in two — Step 13), the tabs over them (Step 20) and the page's frame
    // (its header and tab bar).
    name: "lists",
    test: /packages[\\/]ui[\\/]src[\\/](video[\\/](LevelBadge|format|CardParts|VideoCardTitle|VideoCover|VideoGridCard|VideoRowCard|SearchRowCard|VideoCardSkeleton|VideoLists)|primitives[\\/](InfiniteList|Badge|EmptyState|EmptyPictures|Skeleton|Tabs|PageHeader|TabBar))\.|apps[\\/]h5[\\/]src[\\/](components[\\/](RetryState|useErrorText|PagedList|Page)|features[\\/]videos[\\/]state)\./,
    includeDependenciesRecursively: false,
    priority: 1,
  },
  {
    // /login's and /videoview's: the form rules and the money format they quote ("at least
    // 10.00"), the bottom popup and the product's words.
    name: "validation",
    test: /packages[\\/](domain[\\/]src[\\/](validation|money)|ui[\\/]src[\\/]primitives[\\/]BottomPopup|i18n[\\/]src[\\/]product-messages)\./,
    includeDependenciesRecursively: false,
    priority: 1,
  },
  {
    // /login's own, which the money and account screens' forms share: the form fields (the SMS
    // code's countdown), the album's QR code button and its decoder, the picture input, the
    // language switch.
    name: "fields",
    test: /packages[\\/]ui[\\/]src[\\/](primitives[\\/](TextField|CountdownButton)|common[\\/]ImageFileInput|login[\\/](qrDecode|AlbumQrButton|LanguageSwitch))\.|apps[\\/]h5[\\/]src[\\/]features[\\/]settings[\\/]useLanguageSwitch\./,
    includeDependenciesRecursively: false,
    priority: 1,
  },
  {
    // What seven to twenty-seven signed-in screens share and no budgeted first load reads: the
    // catalog gate and its failure, the SMS field, the server's messages and the enums' words,
    // the QR scanner, the money screens' choices, refusals, cards and leave guard, the payment
    // confirmation, the account change and the saved accounts, the posting drafts and uploads,
    // the links, the deferred render. One chunk rather than twenty. Not the not-found screen: a
    // channel page (/d/…) needs it and nothing else of these.
    name: "screens",
    test: /apps[\\/]h5[\\/]src[\\/](app[\\/](settled|useApiMutation|links|session[\\/]accounts)|components[\\/](SmsCodeField|CatalogGate|LoadFailed)|features[\\/](trade[\\/](TradeCard|leave|refusals|ChoiceGroup|queries[\\/]money)|account[\\/]useAccountChange|posting[\\/](draft|uploads)))\.|packages[\\/](domain[\\/]src[\\/](trade|enums-on-demand|links|server-messages)|ui[\\/]src[\\/](payment[\\/]PaymentConfirmDialog|login[\\/]QrScanner))\./,
    includeDependenciesRecursively: false,
    priority: 1,
  },
];
