// Bahasa Melayu (issue 12, beyond the spec): every message of app/messages.ts, key for key, in the
// same order and sections, in polite standard Malay as used in Malaysia. The spec's English
// misspellings stay in English only. The type Bundle makes a missing or extra key, or a function of
// other parameters, a compile error; app/i18n/bundles.test.ts also flags a value left in English.
// Malay does not inflect nouns for number ("1 bot", "3 bot"), so the plural branches of the English
// collapse here; amounts keep the Malaysian "RM 1,234.50" and numbers the "1,234" grouping.
import type { Bundle } from "./messages";
import { formatCount } from "./rules/format";

export const MS: Bundle = {
  MSG: {
    // Guards (spec section 2)
    sessionExpired: "Sesi telah tamat! Sila log masuk untuk meneruskan.",
    unauthorized: "Tiada kebenaran. Anda akan dibawa ke laman utama.",
    notFoundTitle: "404 Tidak Dijumpai.",
    notFoundBody: "Halaman yang anda cari tidak wujud.",
    returnHome: "Kembali ke Laman Utama",
    nothingToShow: "Tiada apa-apa untuk dipaparkan",
    nothingToShowDot: "Tiada apa-apa untuk dipaparkan.",

    // Login (sections 5, 8)
    loginInvalidEmail: "Sila masukkan e-mel yang sah.",
    loginInvalidPassword: "Sila masukkan kata laluan yang sah.",
    loginUnverified:
      "Sahkan akaun e-mel anda sebelum log masuk. Klik OK untuk menghantar semula e-mel pengesahan.",
    loginMismatch: "E-mel dan kata laluan anda tidak sepadan. Sila cuba lagi.",
    loginError: "Ralat berlaku semasa log masuk. Sila cuba lagi.",
    logoutError: "Ralat berlaku semasa log keluar. Sila cuba lagi.",
    forgotPassword: "Lupa kata laluan?",

    // Password reset
    resetFillAll: "Pastikan semua ruangan diisi.",
    resetMismatch: "Kata laluan dan pengesahan kata laluan mestilah sama.",
    forgotNotFound: "Akaun tidak wujud. Sila cuba lagi.",
    forgotError: "Ralat berlaku semasa mengesahkan akaun. Sila cuba lagi.",
    resetError: "Ralat berlaku semasa menetapkan semula kata laluan. Sila cuba lagi.",
    sendResetEmail: "Hantar E-mel Tetapan Semula",
    backToLogin: "Kembali ke Log Masuk",

    // Change password
    changeFillAll: "Sila isi semua ruangan",
    passwordLength: "Kata laluan mestilah 8-16 aksara.",
    passwordSame: "Kata laluan dan pengesahan kata laluan mestilah sama.",
    wrongPassword: "Kata laluan salah. Sila cuba lagi.",
    changePasswordError: "Ralat berlaku semasa menukar kata laluan. Sila cuba lagi.",
    passwordUpdated: "Kata laluan berjaya dikemas kini.",

    // Registration (section 5, in spec order)
    teamNameRequired: "Sila masukkan nama pasukan yang sah.",
    teamCountryRequired: "Sila pilih negara pasukan.",
    // The spec names a character-set message but not its text; ours lists the allowed punctuation.
    teamNameCharset: "Nama pasukan hanya boleh mengandungi huruf, nombor, ruang dan . , ' - / @ ( ) &",
    nameCharset: "Nama hanya boleh mengandungi huruf, nombor, ruang dan . , ' - / @ ( ) &",
    emailInvalid: "Sila masukkan e-mel yang sah.",
    identificationRequired: "Sila masukkan nombor pengenalan yang sah.",
    nameRequired: "Sila masukkan nama yang sah.",
    genderRequired: "Sila pilih jantina.",
    yobRequired: "Sila masukkan tahun lahir.",
    yobRange: (min: number, max: number) => `Tahun lahir mestilah antara ${min} - ${max}.`,
    phoneRequired: "Sila masukkan nombor telefon.",
    phoneDigits: "Nombor telefon mestilah mengandungi angka sahaja.",
    emergencyDigits: "Nombor telefon kecemasan mestilah mengandungi angka sahaja.",
    addressRequired: "Sila masukkan alamat.",
    notAnImage: "Fail yang dipilih bukan imej. Sila cuba lagi.",
    imageTooSmall: "Sisi imej yang lebih pendek mestilah sekurang-kurangnya 1000px.",
    photoTooLarge: "Foto terlalu besar. Sila pilih foto yang kurang daripada 15 MB.",
    registerUserExists: "Pengguna sudah wujud. Sila log masuk atau daftar dengan e-mel yang lain.",
    registerAssociationExists:
      "Pasukan dengan nama yang sama sudah wujud. Sila hubungi jawatankuasa acara untuk maklumat lanjut.",
    registerError: "Ralat berlaku semasa mencipta pengguna. Sila cuba lagi.",
    registerSuccess: "Pengguna berjaya dicipta. Sila semak e-mel anda dan sahkan akaun sebelum log masuk.",
    invalidToken: "Token tidak sah.",
    // Server messages the spec shows but does not spell out (verify, resend, reset).
    verifySuccess: "E-mel anda telah disahkan. Anda kini boleh log masuk.",
    verifyUsed: "Pautan pengesahan ini telah digunakan. Sila log masuk.",
    verifyInvalid:
      "Pautan pengesahan ini tidak sah atau telah tamat tempoh. Log masuk untuk mendapatkan pautan baharu.",
    verifyPrompt: "Sahkan alamat e-mel anda untuk mengaktifkan akaun anda.",
    verifyButton: "Sahkan E-mel",
    resendSent: "E-mel pengesahan telah dihantar. Sila semak peti masuk anda.",
    resendAlreadyVerified: "E-mel anda sudah disahkan. Sila log masuk.",
    resetEmailSent: "E-mel tetapan semula kata laluan telah dihantar. Sila semak peti masuk anda.",
    resetLinkInvalid:
      "Pautan tetapan semula kata laluan ini tidak sah atau telah tamat tempoh. Sila mohon pautan baharu.",
    resetSuccess: "Kata laluan anda telah ditetapkan semula. Sila log masuk dengan kata laluan baharu anda.",
    sendEmailError: "Ralat berlaku semasa menghantar e-mel. Sila cuba lagi.",
    throttled: (wait: string) => `Terlalu banyak percubaan. Sila tunggu ${wait} dan cuba lagi.`,
    teamInfoError: "Ralat berlaku semasa mendapatkan maklumat pasukan. Sila cuba lagi.",
    verifyError: "Ralat berlaku semasa mengesahkan akaun. Sila cuba lagi.",

    // Users
    userNotFound: "Pengguna tidak dijumpai.",
    userDetailsError: "Ralat berlaku semasa mendapatkan butiran pengguna. Sila cuba lagi.",
    statisticsError: "Ralat berlaku semasa mendapatkan statistik. Sila cuba lagi.",
    photoError: "Ralat berlaku semasa mengemas kini foto. Sila cuba lagi.",
    photoUpdated: "Foto berjaya dikemas kini.",
    changePassword: "Tukar Kata Laluan",
    createUserRole: "Sila pilih peranan yang sah.",
    createUserExists: "Pengguna sudah wujud. Sila cuba dengan e-mel yang lain.",
    createUserError: "Ralat berlaku semasa mencipta pengguna. Sila cuba lagi.",
    createUserSuccess: "Pengguna telah berjaya dicipta.",
    photosConfirm: (intent: "approve" | "reject", n: number) =>
      `Adakah anda pasti mahu ${intent === "approve" ? "meluluskan" : "menolak"} ${n} pengguna yang dipilih?`,
    photosApproved: "Foto yang dipilih telah diluluskan.",
    photosRejected: "Foto yang dipilih telah ditolak.",
    approvingError: "Ralat berlaku semasa meluluskan. Sila cuba lagi.",
    // Not spec sentences: approve/reject with nothing (still) pending selected.
    photosNoneSelected: "Pilih sekurang-kurangnya satu foto dahulu.",
    photosNonePending: "Foto yang dipilih tidak lagi menunggu kelulusan. Senarai telah dimuat semula.",

    photoGuidance: [
      "Foto berwarna bersaiz pasport",
      "Sekurang-kurangnya 1000 x 1000 px, JPEG atau PNG",
      "Latar belakang polos",
      "Tanpa kep, topi atau cermin mata hitam",
      "Wajah di tengah dan jelas kelihatan",
    ],
    photoResized: (w: number, h: number, kb: number) =>
      `Saiz foto telah diubah kepada ${w} x ${h} px (${kb} KB) supaya muat naik lebih pantas.`,
    registerHelp: "Perlukan bantuan untuk mendaftar? Hubungi jawatankuasa acara melalui WhatsApp.",

    // Photo states and badges (section 4)
    photoPendingUpload: "Menunggu Muat Naik Foto",
    photoApproved: "Foto Diluluskan",
    photoInValidation: "Foto Dalam Semakan",
    teamApproved: "Pasukan Diluluskan",
    teamPending: "Menunggu Kelulusan Pasukan",
    feePaid: "Yuran Tag Krew Telah Dibayar",
    feePending: "Yuran Tag Krew Belum Dibayar",

    // Members and the crew tag fee checkout (sections 4, 5, 8). The spec gives the approval toast and
    // the declaration error; the refusals are ours.
    membersApproved: "Ahli yang dipilih telah diluluskan.",
    membersDeclarationRequired: "Anda mesti bersetuju dengan perakuan untuk meneruskan.",
    membersDeclaration:
      "Saya mengaku bahawa setiap ahli yang disenaraikan di atas boleh berenang sekurang-kurangnya 50 m, sihat dari segi perubatan untuk menyertai perlumbaan perahu naga, dan menyertai regata ini atas risiko sendiri.",
    membersPaymentNotes: (hours: number) =>
      `Bayaran mesti dibuat dalam tempoh ${hours} jam atau pesanan akan dibatalkan. Bayaran pesanan tidak akan dikembalikan.`,
    membersNoneSelected: "Pilih sekurang-kurangnya seorang ahli dahulu.",
    membersNonePending: "Ahli yang dipilih tidak lagi menunggu kelulusan. Senarai telah dimuat semula.",
    membersNotYours: "Sebahagian ahli yang dipilih bukan ahli pasukan anda. Tiada apa-apa yang diubah.",
    membersNotApproved: "Sebahagian ahli yang dipilih belum diluluskan. Sila luluskan mereka dahulu.",
    membersAlreadyPaid: "Sebahagian ahli yang dipilih telah membayar yuran tag krew.",
    membersAlreadyInOrder:
      "Sebahagian ahli yang dipilih sudah berada dalam pesanan yang menunggu bayaran. Selesaikan atau batalkan pesanan itu di halaman Pesanan dahulu.",
    membersInOrder: (orderId: number) => `Bayaran sedang diproses (pesanan #${orderId})`,
    paymentRedirecting: "Membawa anda ke halaman pembayaran ...",
    paymentReturnError:
      "Ralat berlaku semasa memproses bayaran. Sila hubungi jawatankuasa acara / pentadbir untuk maklumat lanjut.",
    paymentProcessing: "Bayaran anda sedang diproses ...",
    simulatorBadRequest: "Permintaan bayaran ini tidak sah. Tiada caj dikenakan.",

    // Events (sections 5, 8). The spec gives create/update/delete toasts and the duplicate name; the
    // range sentences are ours.
    eventCreated: "Acara telah berjaya dicipta.",
    eventUpdated: "Acara telah berjaya dikemas kini.",
    eventDeleted: "Acara telah berjaya dipadam.",
    eventExists: "Acara sudah wujud. Sila cuba dengan nama yang lain.",
    eventDeleteConfirm: "Memadam acara akan membuang semua data yang berkaitan. Teruskan?",
    eventWholeNumber: (label: string, min: number, max: number) =>
      `${label} mestilah nombor bulat dari ${min} hingga ${max}.`,
    eventPrice:
      "Harga mestilah jumlah dalam RM dari 1.00 hingga 100,000.00, dengan tidak lebih daripada dua tempat perpuluhan (cth. 100 atau 100.50).",
    eventRaceOrder: "Min Perlumbaan tidak boleh melebihi Maks Perlumbaan.",
    eventAgeOrder: "Umur Min tidak boleh melebihi Umur Maks.",
    eventFemaleOverMax: "Min Wanita tidak boleh melebihi jumlah Maks Perlumbaan dan Simpanan.",

    // Settings (beyond the spec: the regatta's own numbers on /settings)
    settingsUpdated: "Tetapan telah dikemas kini.",
    settingsAmount: (label: string) =>
      `${label} mestilah jumlah dalam RM dari 1.00 hingga 10,000.00, dengan tidak lebih daripada dua tempat perpuluhan (cth. 30 atau 30.50).`,
    settingsYear: (min: number, max: number) => `Tahun regata mestilah antara ${min} dan ${max}.`,
    settingsDueHours: "Tempoh bayaran (jam) mestilah nombor bulat dari 1 hingga 168.",
    settingsDeadline: (label: string) =>
      `${label} mestilah tarikh dan masa, atau dibiarkan kosong jika tiada tarikh tutup.`,

    // Event entries, the waitlist and deadlines (issue 9). The spec has no sentences for these: ours.
    entriesNoneSelected: "Bilangan pasukan mestilah sekurang-kurangnya 1.",
    entriesTooMany: (max: number) => `Bilangan pasukan mestilah nombor bulat dari 0 hingga ${max}.`,
    entriesLeft: (event: string, left: number) =>
      left === 0
        ? `${event} sudah penuh: tiada lagi slot penyertaan. Anda boleh menyertai senarai menunggunya.`
        : `Hanya tinggal ${left} slot penyertaan untuk ${event}. Beli tidak lebih daripada ${left}, atau sertai senarai menunggunya.`,
    entriesEventGone: "Acara ini tidak lagi dibuka untuk penyertaan. Senarai telah dimuat semula.",
    entriesClosed: (when: string) =>
      `Penyertaan telah ditutup pada ${when}. Hubungi jawatankuasa acara untuk sebarang perubahan.`,
    entriesCloseOn: (when: string) => `Penyertaan ditutup pada ${when}.`,
    entriesNoClub: "Akaun anda tiada dalam mana-mana pasukan, jadi tidak boleh membeli penyertaan.",
    waitlistJoined: (event: string) =>
      `Anda berada dalam senarai menunggu untuk ${event}. Kami akan menghantar e-mel kepada anda apabila ada slot penyertaan yang kosong.`,
    waitlistLeft: "Anda telah keluar daripada senarai menunggu.",
    waitlistAlready: "Pasukan anda sudah berada dalam senarai menunggu acara ini.",
    waitlistNotFull: "Slot penyertaan masih ada untuk acara ini: sila belinya.",
    waitlistOffer: (held: number, event: string, until: string) =>
      `${held} slot penyertaan dalam ${event} dikhaskan untuk anda sehingga ${until}.`,
    waitlistWaiting: (teams: number) => `Dalam senarai menunggu untuk ${teams} pasukan.`,
    waitlistClosedByPurchase: (event: string) =>
      `Membeli penyertaan ${event} akan menamatkan tempat pasukan anda dalam senarai menunggunya.`,

    // Crew selection (section 5: the five checks and the Malaysia notice are the spec's; the rest ours)
    crewMinRace: (n: number) =>
      `Bilangan peserta yang dipilih tidak mencapai jumlah minimum (${n}). Pilih lebih ramai dan cuba lagi.`,
    crewMaxRace:
      "Bilangan peserta yang dipilih melebihi jumlah maksimum yang boleh dipilih. Nyahpilih dan cuba lagi.",
    crewMaxNonPaddler: (n: number) =>
      `Bilangan penggendang/jurumudi yang dipilih melebihi jumlah maksimum yang boleh dipilih (${n}). Nyahpilih dan cuba lagi.`,
    crewMaxMale: (n: number) =>
      `Bilangan peserta lelaki yang dipilih melebihi jumlah maksimum yang boleh dipilih (${n}). Nyahpilih dan cuba lagi.`,
    crewMinFemale: (n: number) =>
      `Bilangan peserta wanita yang dipilih tidak mencapai jumlah minimum (${n}). Pilih lebih ramai dan cuba lagi.`,
    crewMalaysiaNotice: "Untuk acara Malaysia, sila pilih warganegara Malaysia sahaja.",
    crewUpdated: "Ahli pasukan acara berjaya dikemas kini.",
    crewNotEligible:
      "Sebahagian ahli yang dipilih tidak boleh dipilih untuk pasukan ini (bukan ahli pasukan anda, tidak layak, atau berada dalam pasukan lain bagi acara ini). Tiada apa-apa yang diubah.",
    crewClosed: (when: string) =>
      `Perubahan krew telah ditutup pada ${when}. Hubungi jawatankuasa acara untuk sebarang perubahan.`,
    crewCloseOn: (when: string) => `Perubahan krew ditutup pada ${when}.`,
    crewTeamGone: "Pasukan acara ini tidak lagi wujud.",
    crewInCrewNow: "Dalam krew sekarang",
    crewInCrewNowRemoved: "Dalam krew sekarang — dikeluarkan apabila Simpan",
    crewStale: (n: number) =>
      `${n} ahli krew ini tidak lagi boleh dipilih (lihat Ahli yang tidak boleh dipilih): Simpan akan mengeluarkan mereka daripada krew.`,
    crewNoLongerEligible: (reason: string) => `Tidak lagi boleh dipilih: ${reason}`,

    // Hardening (not spec sentences: our own, for limits the spec does not name)
    badForm: "Borang tidak dapat dibaca. Sila muat semula halaman dan cuba lagi.",
    serverBusy: "Pelayan sedang sibuk. Sila tunggu beberapa saat dan cuba lagi.",
    photoBadShape:
      "Foto mestilah foto bersaiz pasport berbentuk potret atau segi empat sama (tingginya tidak lebih daripada dua kali lebarnya).",
    tooLong: (label: string, max: number) => `${label} mestilah tidak melebihi ${max} aksara.`,
    errorTitle: "Ralat",
    errorBody: "Ada sesuatu yang tidak kena. Sila cuba lagi.",
    forbiddenTitle: "Akses Dilarang",
    formExpired: "Borang ini telah tamat tempoh. Sila kembali, muat semula halaman dan cuba lagi.",
    badRequestTitle: "Permintaan Tidak Sah",
    tooManyTitle: "Terlalu Banyak Permintaan",

    // Orders and payment logs (sections 2, 4, 8). The confirmations and toasts are the spec's; the
    // manager's warning follows the spec's wording; the refusals are ours.
    ordersWarning:
      "Jika bayaran anda berjaya tetapi status pesanan ialah Gagal, jangan batalkan pesanan atau buat pesanan baharu. Hubungi pentadbir jika status tidak dikemas kini selepas 1 jam.",
    orderCancelConfirm: "Adakah anda pasti mahu membatalkan pesanan ini?",
    orderCancelled: "Pesanan telah dibatalkan.",
    orderNotCancellable:
      "Pesanan ini tidak lagi boleh dibatalkan: hanya pesanan yang Sedang Diproses boleh dibatalkan.",
    orderStatusConfirm:
      "Menukar status mungkin menjejaskan proses bayaran. Adakah anda pasti mahu meneruskan?",
    orderStatusUpdated: "Status pesanan telah dikemas kini.",
    orderStatusUnchanged: "Pilih status yang berbeza daripada status semasa untuk mengemas kininya.",
    orderStatusStale: "Status pesanan telah berubah sebentar tadi. Sila semak dan cuba lagi.",
    orderEffectsKept:
      "Tiada apa-apa yang dibayar melalui pesanan ini dibatalkan: yuran tag krew (dan sebarang penyertaan atau tiket) kekal sebagai telah dibayar.",
    orderNoteAdded: "Nota pesanan telah ditambah.",
    orderEntriesGone: (event: string, left: number) =>
      `Pesanan tidak dapat menahan semula slot penyertaannya: hanya tinggal ${left} slot penyertaan untuk ${event}. Tiada apa-apa yang diubah.`,
    orderNoteRequired: "Sila masukkan nota.",
    downloadError: (doc: "invoice" | "receipt") =>
      `Ralat berlaku semasa memuat turun ${doc === "invoice" ? "invois" : "resit"}. Sila cuba lagi.`,

    // Dinner tickets (sections 2, 5). The pax minimum is the spec's; the other sentences are ours.
    ticketPaxMin: "Bilangan pax mestilah sekurang-kurangnya 1.",
    ticketPaxWhole: "Bilangan pax mestilah nombor bulat.",
    ticketPaxMax: (max: number) =>
      `Bilangan pax tidak boleh melebihi ${max} bagi setiap pesanan. Untuk lebih, sila buat pesanan lain.`,
    ticketNoClub: "Akaun anda tiada dalam mana-mana pasukan, jadi tidak boleh membeli tiket makan malam.",

    // Rounds and races (sections 5, 8: the toasts, duplicates and the confirmations' gist are the
    // spec's; the confirmations are worded like the event's; the rest is ours)
    roundCreated: "Pusingan telah berjaya dicipta.",
    roundUpdated: "Pusingan telah berjaya dikemas kini.",
    roundDeleted: "Pusingan telah berjaya dipadam.",
    roundExists: "Pusingan sudah wujud. Sila cuba dengan nama yang lain.",
    roundDeleteConfirm: "Memadam pusingan akan membuang semua data yang berkaitan. Teruskan?",
    roundEventGone: "Acara ini tidak lagi wujud. Pilih acara lain.",
    roundPickEvent: "Pilih acara untuk melihat pusingannya.",
    raceCreated: "Perlumbaan telah berjaya dicipta.",
    raceUpdated: "Perlumbaan telah berjaya dikemas kini.",
    raceDeleted: "Perlumbaan telah berjaya dipadam.",
    raceLaneUsed: "Lorong sudah digunakan. Sila cuba dengan lorong yang lain.",
    raceTeamExists: "Pasukan sudah wujud. Sila sunting atau padam perlumbaan yang sedia ada.",
    raceDeleteConfirm: "Memadam perlumbaan akan membuang semua data yang berkaitan. Teruskan?",
    raceTeamNotInEvent:
      "Pasukan acara ini bukan dalam acara bagi pusingan ini. Pilih pasukan daripada senarai.",
    raceRoundGone: "Pusingan ini tidak lagi wujud. Pilih pusingan lain.",
    racePickRound: "Pilih acara dan pusingan untuk melihat perlumbaannya.",
    raceNoTeamsLeft: "Setiap pasukan acara bagi acara ini sudah mempunyai perlumbaan dalam pusingan ini.",
    scoresSaved: "Markah telah berjaya disimpan.",
    scoresStale:
      "Perlumbaan dalam pusingan ini telah berubah sebentar tadi. Senarai telah dimuat semula: semak dan simpan semula.",

    // Entrance kiosk, scanning profile and scan logs (sections 5, 8; issue 10). roundNotFound,
    // scanInvalid, scanNotParticipant, scanFemaleConfirm, historySaved and historySaveError are the
    // spec's; the rest are ours (the spec only says the caps' alerts tell to clear history and retry).
    roundNotFound: "Perlumbaan tidak dijumpai. Sila pastikan nama adalah betul.",
    scanInvalid: "Input tidak sah.",
    scanNotParticipant: "Pengguna bukan peserta.",
    scanFemaleConfirm:
      "Bilangan minimum peserta wanita yang diperlukan tidak dicapai. Adakah anda masih mahu meneruskan?",
    historySaved: "Sejarah telah berjaya disimpan.",
    historySaveError: "Ralat berlaku semasa menyimpan sejarah. Sila cuba lagi.",
    scanNotMember: (team: string) => `Bukan ahli ${team}.`,
    scanRepeat: (name: string) => `${name} sudah ada dalam sejarah.`,
    scanAdded: (name: string) => `${name} ditambah.`,
    scanFull: (n: number) =>
      `Sejarah sudah mempunyai ${n} peserta, jumlah maksimum yang dibenarkan bagi acara ini. Kosongkan sejarah dan cuba lagi.`,
    scanTooManyMales: (n: number) =>
      `Sejarah sudah mempunyai ${n} peserta lelaki, jumlah maksimum yang dibenarkan bagi acara ini. Kosongkan sejarah dan cuba lagi.`,
    historyCleared: "Sejarah telah dikosongkan.",
    historyEmpty: "Sejarah kosong. Imbas sekurang-kurangnya seorang peserta.",
    historyDropped: (codes: string) => `Tidak disimpan kerana tidak lagi sah: ${codes}.`,
    scansWaiting: (n: number) => `${n} imbasan menunggu untuk dihantar`,
    scansQueued:
      "Tiada sambungan: sejarah disimpan pada peranti ini dan akan dihantar apabila sambungan pulih.",
    scansSent: (n: number) => `${n} imbasan yang menunggu telah dihantar dan disimpan.`,
    scansRefused: (label: string, why: string) => `Sejarah ${label} yang disimpan telah ditolak: ${why}`,
    laneNotFound: (lane: string) => `Tiada pasukan berlumba di lorong ${lane} dalam pusingan ini.`,
    kioskTeamGone: "Pasukan ini tidak berlumba dalam pusingan ini. Pilih pasukan sekali lagi.",
    kioskRoundGone: "Pusingan ini tidak lagi wujud. Masukkan nama pusingan sekali lagi.",

    // Scoreboard (sections 5, 8; issue 10). scoreboardUpdated is the spec's; the rest are ours.
    scoreboardUpdated: "Pusingan papan markah berjaya dikemas kini.",
    scoreboardEmpty:
      "Belum ada pusingan pada papan markah. Keputusan akan dipaparkan di sini sebaik sahaja diterima.",
    scoreboardNoRaces: "Belum ada perlumbaan yang diundi.",
    scoreboardNoScore: "Belum ada markah",
    scoreboardNoJs: (seconds: number) => `Dikemas kini setiap ${seconds} saat.`,
    scoreboardNoRounds: "Belum ada pusingan. Cipta pusingan di Semua Pusingan dahulu.",
    scoreboardShownNow: (n: number) =>
      n === 0
        ? "Papan markah tidak memaparkan sebarang pusingan sekarang."
        : `Papan markah memaparkan ${n} pusingan sekarang.`,

    // EOI (sections 5, 8; issue 11). eoiCreated/Updated/Deleted and eoiExists are the spec's; the
    // confirmation is worded like the round's; the rest are ours.
    eoiCreated: "Acara EOI telah berjaya dicipta.",
    eoiUpdated: "Acara EOI telah berjaya dikemas kini.",
    eoiDeleted: "Acara EOI telah berjaya dipadam.",
    eoiExists: "Acara EOI sudah wujud. Sila cuba dengan nama yang lain.",
    eoiDeleteConfirm: "Memadam acara EOI akan membuang semua data yang berkaitan. Teruskan?",
    eoiNoEvents: "Belum ada acara EOI.",
    eoiSaved: "Pernyataan minat anda telah disimpan.",
    eoiBadTicks:
      "Sebahagian acara yang ditanda tidak lagi wujud. Tandanya telah dibuang: semak dan simpan semula.",
    eoiNoClub: "Akaun anda tiada dalam mana-mana pasukan, jadi tidak boleh menyatakan minat.",
    eoiIntro:
      "Tandakan acara yang diminati oleh pasukan anda. Anda boleh menukar tanda anda pada bila-bila masa.",
    eoiNothingSaved: "Belum ada apa-apa yang disimpan.",
    eoiTeams: (n: number) => `${formatCount(n)} pasukan`,
    eoiTeamsInterestedIn: (n: number, event: string) => `${formatCount(n)} pasukan berminat dengan ${event}`,
    eoiInterestedCaption: (event: string) => `Pasukan yang berminat dengan ${event}`,
    eoiTotalTeams: (n: number) => `Jumlah (${formatCount(n)} pasukan)`,
    eoiNameHint: "cth. 250M PREMIER OPEN",
    eoiDeleteRelated: (n: number) =>
      n === 0
        ? "Data berkaitan: tiada pasukan yang menanda acara ini."
        : `Data berkaitan: minat ${formatCount(n)} pasukan (acara ini tidak lagi ditanda bagi mereka).`,
    eoiSavedFor: (team: string, country: string) => `Disimpan untuk ${team} (${country})`,
    eoiSavedWhen: (when: string, events: number) =>
      `Disimpan pada ${when}: ${events === 0 ? "tiada acara" : `${formatCount(events)} acara`}`,

    // Training (sections 5, 8; issue 11). sessionCreated/Updated/Deleted, sessionDeleteConfirm,
    // sessionTimeOrder, reservationUpdated and rejectReasonRequired are the spec's; the rest are ours.
    sessionCreated: "Sesi telah berjaya dicipta.",
    sessionUpdated: "Sesi telah berjaya dikemas kini.",
    sessionDeleted: "Sesi telah berjaya dipadam.",
    sessionDeleteConfirm: "Memadam sesi akan membuang semua data yang berkaitan. Teruskan?",
    sessionTimeOrder: "Pastikan masa mula lebih awal daripada masa tamat.",
    sessionBadTime: "Masukkan masa sebagai tarikh dan masa, contohnya 2026-12-01T07:00.",
    sessionTooLong: (hours: number) => `Satu sesi berlangsung paling lama ${hours} jam. Semak masa tamat.`,
    sessionMaxBoat: (min: number, max: number) =>
      `Bilangan bot maksimum mestilah nombor bulat dari ${min} hingga ${max}.`,
    sessionMaxBelowApproved: (approved: number) =>
      `Bilangan bot maksimum tidak boleh kurang daripada ${approved} bot yang telah diluluskan untuk sesi ini. Tiada apa-apa yang diubah.`,
    sessionNone: "Belum ada sesi latihan.",
    reservationUpdated: "Tempahan telah berjaya dikemas kini.",
    rejectReasonRequired: "Sila masukkan sebab penolakan.",
    rejectReasonPlaceholder: "Masukkan sebab penolakan / arahan",
    reservationSelectAction: "Pilih tindakan",
    reservationPickAction: "Pilih Luluskan atau Tolak.",
    reservationNotPending: "Tempahan ini telah diputuskan atau dibatalkan. Tiada apa-apa yang diubah.",
    reservationOverbooked: (left: number, asked: number) =>
      `Meluluskan ${asked} bot akan melebihi bilangan bot maksimum sesi ini: hanya tinggal ${left} bot. Tiada apa-apa yang diubah.`,
    bookingIntro:
      "Mohon bot untuk sesi latihan yang akan datang. Jawatankuasa akan meluluskan atau menolak setiap permohonan.",
    bookingRequested: (asked: number) =>
      `Permohonan anda untuk ${asked} bot telah dihantar. Anda akan menerima e-mel apabila permohonan diluluskan atau ditolak.`,
    bookingCancelConfirm: "Adakah anda pasti mahu membatalkan permohonan ini?",
    bookingCancelled: "Permohonan anda telah dibatalkan.",
    bookingNotCancellable:
      "Hanya permohonan yang sedang menunggu boleh dibatalkan. Tiada apa-apa yang diubah.",
    bookingSessionGone: "Sesi ini telah bermula atau tidak lagi wujud. Pilih sesi lain.",
    bookingBoatMin: "Bilangan bot mestilah sekurang-kurangnya 1.",
    bookingBoatWhole: "Bilangan bot mestilah nombor bulat.",
    bookingBoatTooMany: (max: number) => `Bilangan bot tidak boleh melebihi ${max}.`,
    bookingTooMany: (left: number) =>
      left === 0
        ? "Tiada lagi bot dalam sesi ini. Pilih sesi lain."
        : `Hanya tinggal ${left} bot dalam sesi ini.`,
    bookingNoSessions: "Tiada sesi akan datang yang masih mempunyai bot. Sila semak semula kemudian.",
    bookingNoRequests: "Anda belum memohon sebarang bot.",
    bookingNoClub: "Akaun anda tiada dalam mana-mana pasukan, jadi tidak boleh menempah bot.",
    bookingAlreadyPending:
      "Pasukan anda sudah mempunyai permohonan yang sedang menunggu untuk sesi ini. Batalkannya dahulu untuk memohon bilangan bot yang berbeza.",
    bookingLeft: (left: number) => `Baki ${left} bot`,
    reservationStarted:
      "Sesi ini telah bermula: tempahan ini tidak lagi boleh diluluskan. Sila tolak tempahan ini.",
    reservationStatus: {
      PENDING: "Menunggu",
      APPROVED: "Diluluskan",
      REJECTED: "Ditolak",
      CANCELLED: "Dibatalkan",
    },
    reservationAsks: (pending: boolean, asked: number) =>
      `${pending ? "memohon" : "telah memohon"} ${asked} bot.`,
    reservationOfSession: (id: number, start: string, end: string) =>
      `Tempahan #${id}, sesi ${start} hingga ${end} (waktu Malaysia).`,
    reservationPressToConfirm: (label: string) => `Tekan ${label} untuk mengesahkan.`,
    rejectReasonHint: "Diperlukan untuk menolak; pengurus pasukan akan menerimanya melalui e-mel.",
    sessionHeading: (id: number, start: string, end: string) => `Sesi #${id}: ${start} hingga ${end}`,
    sessionApprovedOf: (approved: number) => `${approved} bot diluluskan.`,
    sessionApprovedOfMax: (approved: number, max: number) => `${approved} daripada ${max} bot diluluskan.`,
    sessionTeamsCaption: (id: number) => `Pasukan Yang Menempah bagi sesi #${id}`,
    sessionDeleteRelated: (approved: number, teams: number, pending: number) =>
      `Data berkaitan: ${approved} bot yang diluluskan (${teams} pasukan), ${pending} permohonan yang sedang menunggu dan sebarang permohonan yang ditolak atau dibatalkan. Pasukan tidak akan dimaklumkan melalui e-mel.`,
    reservedBoatsLink: (reserved: number, id: number) =>
      `${reserved} bot ditempah dalam sesi #${id}: Pasukan Yang Menempah`,
    reservationMailSubject: {
      APPROVED: "Permohonan bot latihan anda telah diluluskan",
      REJECTED: "Permohonan bot latihan anda telah ditolak",
    },
    reservationMailHeading: { APPROVED: "Permohonan bot diluluskan", REJECTED: "Permohonan bot ditolak" },
    reservationMailLine: (asked: number, start: string, end: string, status: "APPROVED" | "REJECTED") =>
      `Permohonan anda untuk ${asked} bot dalam sesi latihan ${start} hingga ${end} (waktu Malaysia) telah ${status === "APPROVED" ? "diluluskan" : "ditolak"}.`,
    reservationMailReason: (reason: string) => `Sebab: ${reason}`,
    reservationMailHello: (name: string) => `Salam sejahtera ${name},`,
    reservationMailLink: "Lihat permohonan anda",

    // Generic
    fillAll: "Pastikan semua ruangan diisi.",
    genericError: (doing: string) => `Ralat berlaku semasa ${doing}. Sila cuba lagi.`,
  },

  TITLES: {
    appName: "Regatta",
    login: "Log Masuk",
    reset: "Tetapkan Semula Kata Laluan",
    register: "Pendaftaran",
    verify: "Sahkan Akaun",
    overview: "Gambaran Keseluruhan",
    competitorProfile: "Profil Peserta",
    managerProfile: "Profil Pengurus Pasukan",
    users: "Semua Pengguna",
    approvePhoto: "Menunggu Kelulusan",
    photoApproved: "Foto Diluluskan",
    eoi: "Keputusan EOI",
    eoiEvents: "Semua Acara EOI",
    events: "Semua Acara",
    assignedEvents: "Acara Disertai",
    eventsSummary: "Ringkasan Acara Disahkan",
    tickets: "Pembelian Tiket Makan Malam",
    members: "Ahli",
    help: "Pusat Bantuan",
    teamsManage: "Urus Pasukan Acara",
    associations: "Semua Pasukan",
    payments: "Log Bayaran",
    orders: "Pesanan",
    rounds: "Semua Pusingan",
    races: "Semua Perlumbaan",
    scanLog: "Log Imbasan",
    paymentReturn: "Bayaran",
    checkout: "Pembayaran",
    simulator: "Regatta (simulasi)",
    scanningEntrance: "Imbasan Pintu Masuk",
    scanningProfile: "Imbasan Profil",
    scoreboard: "Papan Markah",
    scoreboardManage: "Papan Markah",
    trainingSessions: "Sesi Latihan",
    trainingReservations: "Tempahan Latihan",
    training: "Tempahan Bot Latihan",
    eoiManager: "Pernyataan Minat",
    reservedTeams: "Pasukan Yang Menempah",
    trainingUpcoming: "Sesi Akan Datang",
    trainingMyRequests: "Permohonan Saya",
    changePassword: "Tukar Kata Laluan",
    auditLog: "Log Audit",
    settings: "Tetapan",
  },

  FOOTER: {
    copyright: (year: number) => `© ${year} Pesta Perahu Naga Regatta. Hak cipta terpelihara.`,
    designer: "Direka dan dibangunkan oleh pasukan Regatta.",
  },

  NAV: {
    officialWebsite: "Laman Web Rasmi",
    home: "Laman Utama",
    logout: "Log Keluar",
    menu: "Menu",
    help: "Perlukan bantuan? Berbual dengan kami",
    // i18n: the sidebar's groups and links (app/lib/access.ts navFor)
    groupUser: "Pengguna",
    groupEoi: "Pernyataan Minat",
    groupEvent: "Acara",
    groupTeam: "Pasukan",
    groupTraining: "Latihan",
    groupOrder: "Pesanan",
    groupScoreboard: "Papan Markah",
    groupAudit: "Audit Tindakan",
    groupSettings: "Tetapan",
    allUsers: "Semua Pengguna",
    pendingApproval: "Menunggu Kelulusan",
    approvedPhotos: "Foto Diluluskan",
    allEoiEvents: "Semua Acara EOI",
    eoiResult: "Keputusan",
    allEvents: "Semua Acara",
    eventsSummary: "Ringkasan Acara Disahkan",
    allRounds: "Semua Pusingan",
    allRaces: "Semua Perlumbaan",
    allScans: "Semua Imbasan",
    allTeams: "Semua Pasukan",
    manageEventTeams: "Urus Pasukan Acara",
    sessions: "Sesi",
    reservations: "Tempahan",
    allOrders: "Semua Pesanan",
    paymentLogs: "Log Bayaran",
    scoreboard: "Papan Markah",
    events: "Acara",
  },

  LABELS: {
    // i18n: auth (the logged-out screens: login, registration, reset, verify; their emails)
    email: "E-mel",
    password: "Kata Laluan",
    confirmPassword: "Sahkan Kata Laluan",
    newPassword: "Kata Laluan Baharu",
    oldPassword: "Kata Laluan Lama",
    passwordHint: "8-16 aksara",
    managerRegistration: "Pendaftaran Pengurus Pasukan",
    competitorRegistration: "Pendaftaran Peserta",
    teamName: "Nama Pasukan",
    teamCountry: "Negara Pasukan",
    selectCountry: "Pilih negara",
    identification: "No. MyKad/Pasport",
    name: "Nama",
    nameHint: "Seperti dalam MyKad atau pasport anda",
    gender: "Jantina",
    male: "Lelaki",
    female: "Perempuan",
    yob: "Tahun Lahir",
    phone: "Telefon",
    phoneHint: "Nombor sahaja, cth. 60123456789",
    emergency: "Nombor Kecemasan",
    emergencyHint: "Pilihan, nombor sahaja",
    address: "Alamat",
    photoOptional: "Foto (pilihan)",
    samplePhotoAlt: "Contoh: kepala dan bahu, wajah di tengah, latar belakang kosong",
    register: "Daftar",
    capIdentification: "No. MyKad/Pasport",
    capName: "Nama",
    capPhone: "Nombor telefon",
    capEmergency: "Nombor kecemasan",
    capTeamName: "Nama pasukan",
    taskLogin: "Sedang log masuk",
    taskRegister: "Sedang mencipta akaun",
    taskResetEmail: "Sedang menghantar e-mel tetapan semula",
    taskReset: "Sedang menetapkan semula kata laluan",
    taskVerify: "Sedang mengesahkan akaun",
    taskChangePassword: "Sedang menukar kata laluan",
    mailHello: (name: string) => `Salam sejahtera ${name},`,
    verifyMailSubject: "Sahkan akaun Regatta anda",
    verifyMailTitle: "Sahkan e-mel anda",
    verifyMailBody:
      "Terima kasih kerana mendaftar untuk regatta. Sila sahkan alamat e-mel anda untuk mengaktifkan akaun anda. Pautan ini sah selama 48 jam dan boleh digunakan sekali sahaja.",
    verifyMailLink: "Sahkan e-mel saya",
    resetMailSubject: "Tetapkan semula kata laluan Regatta anda",
    resetMailTitle: "Tetapkan semula kata laluan anda",
    resetMailBody:
      "Kami menerima permintaan untuk menetapkan semula kata laluan anda. Pautan ini sah selama 1 jam dan boleh digunakan sekali sahaja. Jika anda tidak memintanya, abaikan e-mel ini.",
    resetMailLink: "Tetapkan semula kata laluan saya",
    // i18n: end of auth
    // i18n: members and crews (the manager's Members, checkout, payment, Pick Crew; the sidebar)
    roles: { ADMIN: "PENTADBIR", COMMITTEE: "JAWATANKUASA", MANAGER: "PENGURUS", COMPETITOR: "PESERTA" },
    mainNav: "Utama",
    memberTabs: "Tab ahli",
    tabPaid: "Telah Bayar",
    tabUnverified: "Pengesahan E-mel Diperlukan",
    tabPending: "Menunggu Kelulusan",
    tabFee: "Menunggu Yuran Tag Krew",
    colIdentification: "Pengenalan",
    colYob: "Thn Lahir",
    colPhoto: "Foto",
    colSelect: "Pilih",
    selectMember: (name: string) => `Pilih ${name}`,
    viewPhotoOf: (label: string, name: string) => `${label}: lihat foto ${name}`,
    clearSelection: "Kosongkan Pilihan",
    approve: "Luluskan",
    pay: "Bayar",
    tickToApprove: "Tandakan ahli untuk meluluskan mereka.",
    tickToPay: "Tandakan ahli untuk membayar yuran tag krew mereka.",
    taskApproving: "Sedang meluluskan",
    taskCreatingOrder: "Sedang mencipta pesanan",
    taskProcessingPayment: "Sedang memproses bayaran",
    taskUpdatingCrew: "Sedang mengemas kini ahli pasukan acara",
    draftOrder: "Draf pesanan",
    orderLines: "Butiran pesanan",
    item: "Perkara",
    price: "Harga",
    count: "Bilangan",
    subtotal: "Jumlah kecil",
    total: "Jumlah",
    proceedToPayment: "Teruskan ke Pembayaran",
    cancel: "Batal",
    close: "Tutup",
    continueToPayment: "Teruskan ke pembayaran",
    continue: "Teruskan",
    simulatorHint: "Simulasi pembayaran: tiada wang berpindah.",
    pages: "Halaman",
    showing: (min: number, max: number, n: number) =>
      `Memaparkan ${formatCount(min)}–${formatCount(max)} daripada ${formatCount(n)}`,
    previous: "Sebelumnya",
    next: "Seterusnya",
    pageN: (n: number) => `Halaman ${n}`,
    rowsPerPage: "Baris setiap halaman",
    show: "Papar",
    eventTeamTitle: (name: string) => `Pasukan Acara: ${name}`,
    backToEvents: "Kembali ke Acara",
    event: "Acara",
    eventTeam: "Pasukan Acara",
    team: "Pasukan",
    age: "Umur",
    role: "Peranan",
    paddler: "Pendayung",
    drummerSteererOnly: "Pemukul Gendang/Jurumudi sahaja",
    crewCount: (n: number) => `Krew (${n})`,
    crew: "Krew",
    canBePicked: "Ahli yang boleh dipilih",
    noneCanBePicked: "Belum ada ahli yang boleh dipilih untuk pasukan ini.",
    cannotBePicked: "Ahli yang tidak boleh dipilih",
    cannotBePickedCount: (n: number) => `Ahli yang tidak boleh dipilih (${n})`,
    reason: "Sebab",
    save: "Simpan",
    selection: "Pilihan",
    countSelected: "Dipilih",
    countMales: "Lelaki",
    countFemales: "Perempuan",
    countDrummers: "Pemukul gendang/jurumudi",
    capsRange: (min: number, max: number) => `Pilih ${min}–${max} ahli`,
    capsUpTo: (max: number) => `Pilih sehingga ${max} ahli`,
    capsMaxMale: (n: number) => `paling banyak ${n} lelaki`,
    capsMinFemale: (n: number) => `sekurang-kurangnya ${n} perempuan`,
    capsMaxDrummers: (n: number) => `paling banyak ${n} pemukul gendang/jurumudi`,
    crewAdminClosed: (when: string) =>
      `Perubahan krew ditutup untuk pengurus pasukan pada ${when}; sebagai pentadbir anda masih boleh mengubah krew.`,
    ineligible: {
      role: "Bukan peserta",
      fee: "Yuran tag krew belum dibayar",
      photo: "Foto belum diluluskan",
      details: "Jantina atau tahun lahir tiada",
      age: "Di luar had umur acara",
      otherTeam: "Dalam pasukan lain bagi acara ini",
    },
    colEvent: "Acara",
    colActions: "Tindakan",
    pickCrew: "Pilih Krew",
    pickCrewFor: (team: string) => `Pilih Krew untuk ${team}`,
    buyEventEntries: "Beli Penyertaan Acara",
    // i18n: end of members and crews
    // i18n: events, entries, orders, tickets (the staff's Events, Buy Event Entries, the waitlist,
    // Orders, Dinner Ticket Purchase, Manage Event Teams, the summary; their PDFs and emails)
    createEvent: "Cipta Acara",
    editEvent: "Sunting Acara",
    updateEvent: "Kemas Kini Acara",
    deleteEvent: "Padam Acara",
    taskCreatingEvent: "Sedang mencipta acara",
    taskUpdatingEvent: "Sedang mengemas kini acara",
    taskDeletingEvent: "Sedang memadam acara",
    search: "Cari",
    filter: "Tapis",
    description: "Keterangan",
    priceRM: "Harga (RM)",
    priceHint: "cth. 100 atau 100.50",
    eventCounts: {
      maxTeam: "Maks Pasukan",
      reserveCount: "Simpanan",
      minRace: "Min Perlumbaan",
      maxRace: "Maks Perlumbaan",
      maxMale: "Maks Lelaki",
      minFemale: "Min Perempuan",
      minAge: "Umur Min",
      maxAge: "Umur Maks",
    },
    malaysiaOnly: "Malaysia sahaja",
    yes: "Ya",
    no: "Tidak",
    teams: "Pasukan",
    waitlist: "Senarai Menunggu",
    view: "Lihat",
    edit: "Sunting",
    delete: "Padam",
    nWaiting: (n: number) => `${n} menunggu`,
    viewWaitlistOf: (name: string) => `Lihat senarai menunggu ${name}`,
    editItem: (name: string) => `Sunting ${name}`,
    deleteItem: (name: string) => `Padam ${name}`,
    teamsPaidOf: (teams: number, max: number) => `${teams} daripada ${max} pasukan telah bayar`,
    waitlistOf: (name: string) => `Senarai menunggu ${name}`,
    country: "Negara",
    managerEmail: "E-mel pengurus",
    status: "Status",
    held: "Ditahan",
    holdUntil: "Ditahan hingga",
    joined: "Menyertai",
    waitlistStatus: {
      WAITING: "Menunggu",
      OFFERED: "Ditawarkan",
      BOUGHT: "Dibeli",
      LEFT: "Keluar",
      EXPIRED: "Tamat tempoh",
    },
    entriesLeft: "Baki Penyertaan",
    numberOfTeams: "Bilangan pasukan",
    full: "Penuh",
    nLeft: (n: number) => `${n} berbaki`,
    numberOfTeamsFor: (event: string) => `Bilangan pasukan untuk ${event}`,
    leaveWaitlist: "Keluar Senarai Menunggu",
    leaveWaitlistOf: (event: string) => `Keluar Senarai Menunggu ${event}`,
    joinWaitlist: "Sertai Senarai Menunggu",
    joinWaitlistOf: (event: string) => `Sertai Senarai Menunggu ${event}`,
    teamsToWaitFor: (event: string) => ` yang menunggu dalam ${event}`,
    joinWaitlistFor: (event: string) => `Sertai senarai menunggu ${event} untuk bilangan pasukan ini:`,
    taskLeavingWaitlist: "Sedang keluar dari senarai menunggu",
    taskJoiningWaitlist: "Sedang menyertai senarai menunggu",
    statusAll: "Semua",
    orderStatus: {
      PROCESSING: "Dalam Proses",
      PAID: "Telah Bayar",
      FAILED: "Gagal",
      CANCELLED: "Dibatalkan",
    },
    colId: "ID",
    created: "Dicipta",
    owner: "Pemilik",
    totalRM: "Jumlah (RM)",
    viewOrder: "Lihat Pesanan",
    editOrderNotes: "Sunting Pesanan / Tambah Catatan",
    downloadInvoice: "Muat Turun Invois",
    downloadReceipt: "Muat Turun Resit",
    cancelOrder: "Batalkan Pesanan",
    orderN: (id: number) => `Pesanan #${id}`,
    yesUpdateStatus: "Ya, kemas kini status",
    updateStatus: "Kemas Kini Status",
    taskUpdatingStatus: "Sedang mengemas kini status",
    notes: "Catatan",
    orderNotes: "Catatan pesanan",
    date: "Tarikh",
    author: "Penulis",
    note: "Catatan",
    addNote: "Tambah Catatan",
    taskAddingNote: "Sedang menambah catatan",
    dinnerTicket: "Tiket Makan Malam",
    numberOfPax: "Bilangan pax",
    association: "Persatuan",
    selectAssociation: "Pilih persatuan",
    showTeams: "Papar Pasukan",
    noEventTeams: "Persatuan ini tiada pasukan acara.",
    selectEventTeam: "Pilih pasukan acara",
    showMembers: "Papar Ahli",
    nMembers: (n: number) => `${n} ahli`,
    international: "Antarabangsa",
    other: "Lain-lain",
    // The invoice and receipt PDFs (in the requester's language; the emailed receipt in the owner's)
    pdfTitle: { invoice: "INVOIS", receipt: "RESIT" },
    pdfOrderId: "ID Pesanan",
    pdfStatus: { PROCESSING: "DALAM PROSES", PAID: "TELAH BAYAR", FAILED: "GAGAL", CANCELLED: "DIBATALKAN" },
    pdfPaid: "Dibayar",
    pdfTransactionId: "ID Transaksi",
    pdfReceiptClosing:
      "Terima kasih. Bayaran telah diterima sepenuhnya. Pesanan tidak boleh dikembalikan wang.",
    pdfInvoiceClosing: "Pesanan tidak boleh dikembalikan wang dan hanya disahkan selepas bayaran berjaya.",
    // Crew tag cards and their download (beyond the spec)
    tagNoPhoto: "TIADA FOTO",
    tagEvents: "ACARA",
    tagMore: (n: number) => `+${n} lagi`,
    tagNoTeam: "Belum ada pasukan acara",
    crewTagsNone:
      "Belum ada tag krew untuk dicetak: ahli mendapat tag krew setelah yuran tag krew mereka dibayar.",
    crewTagsError: "Ralat berlaku semasa memuat turun tag krew. Sila cuba lagi.",
    // Emails: order paid, waitlist offer (in the recipient's language: users.locale)
    orderPaidSubject: (id: number) => `Bayaran diterima: pesanan #${id}`,
    orderPaidTitle: "Bayaran diterima",
    orderPaidBody: (amount: string, id: number, team: string) =>
      `Kami telah menerima bayaran anda sebanyak ${amount} untuk pesanan #${id}${team ? ` bagi ${team}` : ""}. Resit anda dilampirkan bersama e-mel ini (receipt.pdf).`,
    orderPaidThanks: (name: string) =>
      `Terima kasih kerana menyertai ${name}. Pesanan tidak boleh dikembalikan wang.`,
    orderPaidLink: "Lihat pesanan anda",
    offerMailSubject: "Penyertaan acara sedang ditahan untuk pasukan anda",
    offerMailTitle: "Penyertaan sedang ditahan untuk pasukan anda",
    offerMailBody: (event: string, held: number, until: string) =>
      `Penyertaan telah terluang dalam ${event}: ${held} penyertaan ditahan untuk pasukan anda sehingga ${until} (waktu Malaysia).`,
    offerMailBuy:
      "Belilah di halaman Acara sebelum itu; selepas itu penyertaan akan diberikan kepada pasukan seterusnya dalam senarai menunggu.",
    offerMailLink: "Beli penyertaan",
    // i18n: end of events, entries, orders, tickets
  },
};
