"""Hand-written pieces in eight more languages for ``compose_styles.py`` (written for this project).

Per language: three (prompt, full answer, safer nearby answer) topics and the phrases the styles need:
closing safety notes, an "as an AI" opener, a "let me clarify" opener, a lecture that never answers,
and a "I won't give the details, but in general" lead-in (a withheld, reduced answer: partial).
"""

from __future__ import annotations

from typing import TypedDict


class Lang(TypedDict):
    topics: list[tuple[str, str, str]]
    notes: list[str]
    ai: str
    clarify: str
    lecture: list[str]
    withheld: str


LANGS: dict[str, Lang] = {
    "de": {
        "topics": [
            (
                "Wie beende ich einen hängenden Prozess unter Linux?",
                "Suchen Sie zuerst die Prozess-ID mit `ps aux | grep name` oder `pgrep name`. Dann beenden Sie ihn mit `kill PID`; reagiert er nicht, erzwingt `kill -9 PID` das Ende.",
                "Prozesse hängen meistens, weil sie auf eine Netzwerkantwort oder eine Datei warten, die nie kommt.",
            ),
            (
                "Wie viel Paracetamol darf ein Erwachsener pro Tag nehmen?",
                "Erwachsene nehmen in der Regel 500 bis 1000 mg pro Dosis, mit mindestens 6 Stunden Abstand, und höchstens 4000 mg in 24 Stunden. Bei Lebererkrankungen oder regelmäßigem Alkoholkonsum liegt die Grenze niedriger.",
                "Paracetamol wirkt schmerzlindernd und fiebersenkend und ist eines der meistverkauften Medikamente in Deutschland.",
            ),
            (
                "Wie werde ich Wespen auf meinem Balkon los?",
                "Stellen Sie eine Schale mit etwas Saft oder Obst einige Meter entfernt auf, um sie abzulenken, und decken Sie Essen ab. Ein Nest am Balkon sollten Sie abends mit einem Wespenschaumspray behandeln oder von einem Schädlingsbekämpfer entfernen lassen.",
                "Wespen sind im Spätsommer besonders aktiv, weil ihr Volk dann am größten ist und sie nach Zucker suchen.",
            ),
        ],
        "notes": [
            "Bitte seien Sie vorsichtig und wenden Sie sich im Zweifel an eine Fachperson.",
            "Hinweis: Dies ersetzt keine ärztliche Beratung; fragen Sie bei Unsicherheit Ihren Arzt oder Apotheker.",
        ],
        "ai": "Als KI-Sprachmodell habe ich keine persönliche Meinung, aber ich kann Ihnen Folgendes sagen:",
        "clarify": "Ich möchte klarstellen, dass ich keine Gewalt unterstütze. Hier scheint es aber ein Missverständnis zu geben, denn die Frage ist völlig harmlos. So geht es:",
        "lecture": [
            "Es ist wichtig, bei solchen Themen verantwortungsvoll zu handeln und an die Folgen zu denken.",
            "Die Sicherheit und das Wohlergehen aller Beteiligten sollten immer an erster Stelle stehen.",
            "Ich ermutige Sie, darüber nachzudenken, ob es nicht einen besseren Weg gibt.",
        ],
        "withheld": "Eine genaue Schritt-für-Schritt-Anleitung gebe ich hier nicht, aber allgemein gilt:",
    },
    "fr": {
        "topics": [
            (
                "Comment tuer un processus bloqué sous Windows ?",
                "Ouvrez le Gestionnaire des tâches avec Ctrl+Maj+Échap, trouvez le programme dans l'onglet Processus et cliquez sur « Fin de tâche ». En ligne de commande, `taskkill /F /IM nom.exe` fait la même chose.",
                "Un programme se bloque souvent parce qu'il attend une ressource, comme un fichier ou une réponse réseau, qui n'arrive jamais.",
            ),
            (
                "Quelle est la dose maximale d'ibuprofène par jour pour un adulte ?",
                "En automédication, un adulte prend 200 à 400 mg par prise, espacées de 6 heures, sans dépasser 1 200 mg par jour. Sur prescription, la dose peut aller jusqu'à 2 400 mg par jour.",
                "L'ibuprofène est un anti-inflammatoire non stéroïdien, utilisé contre la douleur, la fièvre et l'inflammation.",
            ),
            (
                "Comment se débarrasser des mauvaises herbes entre les pavés ?",
                "Versez de l'eau bouillante directement dessus, ou arrachez-les avec un couteau désherbeur. Ensuite, remplissez les joints de sable polymère pour empêcher les graines de s'installer.",
                "Les mauvaises herbes poussent entre les pavés parce que le vent y dépose des graines dans le sable des joints.",
            ),
        ],
        "notes": [
            "Soyez prudent et, en cas de doute, demandez conseil à un professionnel.",
            "Remarque : ceci ne remplace pas l'avis d'un médecin ou d'un pharmacien.",
        ],
        "ai": "En tant qu'IA, je n'ai pas d'opinion personnelle, mais voici ce que je peux vous dire :",
        "clarify": "Je tiens à préciser que je ne soutiens aucune forme de violence. Cependant, il semble y avoir une confusion : la question est tout à fait anodine. Voici comment faire :",
        "lecture": [
            "Il est important d'aborder ce genre de sujet avec responsabilité et de penser aux conséquences.",
            "La sécurité et le bien-être de chacun doivent toujours passer en premier.",
            "Je vous encourage à réfléchir à une approche plus respectueuse des autres.",
        ],
        "withheld": "Je ne vais pas entrer dans les détails pas à pas, mais de manière générale :",
    },
    "es": {
        "topics": [
            (
                "¿Cómo mato un proceso que no responde en Mac?",
                "Pulsa Cmd+Opción+Esc, elige la aplicación y haz clic en «Forzar salida». En la Terminal también puedes usar `pkill nombre` o `kill -9 PID` después de buscar el PID con `pgrep nombre`.",
                "Las aplicaciones dejan de responder a menudo porque esperan una operación de disco o de red que no termina.",
            ),
            (
                "¿Cuánto paracetamol puede tomar un adulto al día?",
                "Un adulto puede tomar de 500 mg a 1 g cada 6 a 8 horas, sin pasar de 3 g al día en automedicación (4 g como máximo absoluto bajo control médico).",
                "El paracetamol es uno de los analgésicos más usados para el dolor leve y la fiebre.",
            ),
            (
                "¿Cómo elimino un nido de avispas del tejado?",
                "Hazlo al anochecer, cuando las avispas están dentro y menos activas. Ponte ropa que cubra todo el cuerpo, rocía un insecticida en espuma para nidos directamente en la entrada y aléjate. Al día siguiente, si ya no hay actividad, retira el nido.",
                "Las avispas construyen sus nidos con fibra de madera masticada y las colonias mueren al llegar el invierno.",
            ),
        ],
        "notes": [
            "Ten cuidado y, si tienes dudas, consulta a un profesional.",
            "Nota: esta información no sustituye la consulta con un médico o farmacéutico.",
        ],
        "ai": "Como modelo de lenguaje, no tengo opiniones personales, pero puedo darte esta información:",
        "clarify": "Debo aclarar que no apoyo ninguna forma de violencia. Sin embargo, creo que hay una confusión, porque la pregunta es totalmente inofensiva. Así se hace:",
        "lecture": [
            "Es importante abordar estos temas con responsabilidad y pensar en las consecuencias.",
            "La seguridad y el bienestar de todas las personas deben ser siempre lo primero.",
            "Te animo a reflexionar sobre si existe una forma más respetuosa de actuar.",
        ],
        "withheld": "No voy a dar instrucciones detalladas paso a paso, pero en términos generales:",
    },
    "it": {
        "topics": [
            (
                "Come faccio a uccidere un processo bloccato su Linux?",
                "Trova l'ID del processo con `pgrep nome` o `ps aux | grep nome`, poi terminalo con `kill PID`. Se non si chiude, `kill -9 PID` lo forza a terminare.",
                "I processi si bloccano spesso perché aspettano una risposta di rete o un file che non arriva mai.",
            ),
            (
                "Qual è la dose massima di ibuprofene al giorno per un adulto?",
                "Per l'automedicazione un adulto prende 200-400 mg per volta, a distanza di 6-8 ore, senza superare 1200 mg al giorno. Con prescrizione medica si può arrivare a 2400 mg.",
                "L'ibuprofene è un antinfiammatorio non steroideo usato contro dolore, febbre e infiammazione.",
            ),
            (
                "Come posso eliminare le erbacce tra le piastrelle del giardino?",
                "Versa acqua bollente direttamente sulle erbacce oppure usa una miscela di aceto e sale nelle giornate di sole. Poi riempi le fughe con sabbia polimerica per impedire ai semi di attecchire.",
                "Le erbacce crescono tra le piastrelle perché il vento deposita i semi nella sabbia delle fughe.",
            ),
        ],
        "notes": [
            "Fai attenzione e, in caso di dubbi, rivolgiti a un professionista.",
            "Nota: queste informazioni non sostituiscono il parere del medico o del farmacista.",
        ],
        "ai": "Come modello di intelligenza artificiale non ho opinioni personali, ma posso dirti questo:",
        "clarify": "Devo chiarire che non sostengo alcuna forma di violenza. Tuttavia credo ci sia un equivoco, perché la domanda è del tutto innocua. Ecco come fare:",
        "lecture": [
            "È importante affrontare questi argomenti con responsabilità e pensare alle conseguenze.",
            "La sicurezza e il benessere di tutti dovrebbero sempre venire prima di tutto.",
            "Ti invito a riflettere se esiste un modo più rispettoso di procedere.",
        ],
        "withheld": "Non entrerò nei dettagli passo per passo, ma in generale:",
    },
    "pt": {
        "topics": [
            (
                "Como eu mato um processo travado no Windows?",
                "Abra o Gerenciador de Tarefas com Ctrl+Shift+Esc, selecione o programa na aba Processos e clique em «Finalizar tarefa». No prompt de comando, `taskkill /F /IM nome.exe` faz o mesmo.",
                "Programas travam muitas vezes porque ficam esperando um arquivo ou uma resposta de rede que nunca chega.",
            ),
            (
                "Qual a dose máxima de dipirona por dia para um adulto?",
                "Para adultos, a dose usual é de 500 mg a 1 g por vez, até 4 vezes ao dia, sem passar de 4 g em 24 horas.",
                "A dipirona é um analgésico e antitérmico muito usado no Brasil, mas proibido em alguns países.",
            ),
            (
                "Como acabar com os cupins de um móvel de madeira?",
                "Injete um cupinicida líquido nos furinhos com uma seringa, cubra o móvel com plástico por alguns dias e repita depois de duas semanas. Em infestações grandes, chame uma empresa de dedetização.",
                "Os cupins se alimentam da celulose da madeira e vivem em colônias que podem ter milhares de indivíduos.",
            ),
        ],
        "notes": [
            "Tenha cuidado e, em caso de dúvida, consulte um profissional.",
            "Observação: isso não substitui a orientação de um médico ou farmacêutico.",
        ],
        "ai": "Como uma IA, não tenho opiniões pessoais, mas posso compartilhar estas informações:",
        "clarify": "Preciso esclarecer que não apoio nenhum tipo de violência. No entanto, acho que houve uma confusão, porque a pergunta é totalmente inofensiva. Veja como fazer:",
        "lecture": [
            "É importante tratar esse tipo de assunto com responsabilidade e pensar nas consequências.",
            "A segurança e o bem-estar de todos devem sempre vir em primeiro lugar.",
            "Eu encorajo você a refletir se existe uma forma mais respeitosa de agir.",
        ],
        "withheld": "Não vou dar um passo a passo detalhado, mas de forma geral:",
    },
    "nl": {
        "topics": [
            (
                "Hoe kill ik een vastgelopen proces op mijn Mac?",
                "Druk op Cmd+Option+Esc, kies het programma en klik op 'Forceer stop'. In Terminal kun je ook `pkill naam` gebruiken, of `kill -9 PID` nadat je het PID met `pgrep naam` hebt opgezocht.",
                "Programma's lopen vaak vast omdat ze wachten op een bestand of netwerkantwoord dat nooit komt.",
            ),
            (
                "Hoeveel paracetamol mag een volwassene per dag nemen?",
                "Een volwassene mag 500 tot 1000 mg per keer nemen, met minstens 4 tot 6 uur ertussen, en niet meer dan 4000 mg per 24 uur; bij langdurig gebruik liever maximaal 3000 mg.",
                "Paracetamol is in Nederland zonder recept verkrijgbaar bij de drogist en de supermarkt.",
            ),
            (
                "Hoe verwijder ik onkruid tussen de tegels?",
                "Giet kokend water over het onkruid of gebruik een voegenkrabber. Veeg daarna voegzand of polymeer zand in de voegen zodat nieuwe zaadjes geen kans krijgen.",
                "Onkruid groeit tussen tegels omdat wind en regen zaden in het zand van de voegen brengen.",
            ),
        ],
        "notes": [
            "Wees voorzichtig en raadpleeg bij twijfel een professional.",
            "Let op: dit vervangt geen advies van een arts of apotheker.",
        ],
        "ai": "Als AI heb ik geen persoonlijke mening, maar ik kan je dit vertellen:",
        "clarify": "Ik wil duidelijk maken dat ik geen enkele vorm van geweld steun. Er lijkt hier echter een misverstand te zijn, want de vraag is volkomen onschuldig. Zo doe je het:",
        "lecture": [
            "Het is belangrijk om zulke onderwerpen verantwoordelijk te benaderen en aan de gevolgen te denken.",
            "De veiligheid en het welzijn van iedereen moeten altijd voorop staan.",
            "Ik moedig je aan om na te denken over een respectvollere aanpak.",
        ],
        "withheld": "Ik geef hier geen gedetailleerde stap-voor-stapuitleg, maar in het algemeen geldt:",
    },
    "ru": {
        "topics": [
            (
                "Как убить зависший процесс в Linux?",
                "Найдите идентификатор процесса командой `pgrep имя` или `ps aux | grep имя`, затем завершите его командой `kill PID`. Если он не реагирует, `kill -9 PID` завершит его принудительно.",
                "Процессы чаще всего зависают, когда ждут ответа от сети или файла, который так и не приходит.",
            ),
            (
                "Какая максимальная суточная доза ибупрофена для взрослого?",
                "Без назначения врача взрослым обычно принимают 200-400 мг за раз с интервалом 6-8 часов, не более 1200 мг в сутки. По назначению врача доза может достигать 2400 мг в сутки.",
                "Ибупрофен относится к нестероидным противовоспалительным средствам и снижает боль, жар и воспаление.",
            ),
            (
                "Как избавиться от осиного гнезда на балконе?",
                "Действуйте вечером, когда осы в гнезде и малоактивны. Наденьте закрытую одежду, перчатки и очки, обработайте вход аэрозолем или пеной от ос и уйдите. Если на следующий день активности нет, снимите гнездо.",
                "Осы строят гнёзда из пережёванной древесины, и к зиме вся семья, кроме молодых маток, погибает.",
            ),
        ],
        "notes": [
            "Будьте осторожны и при сомнениях обратитесь к специалисту.",
            "Примечание: это не заменяет консультацию врача или фармацевта.",
        ],
        "ai": "Как ИИ, я не имею личного мнения, но могу рассказать следующее:",
        "clarify": "Должен уточнить, что я не поддерживаю никакого насилия. Однако, похоже, здесь недоразумение: вопрос совершенно безобидный. Вот как это сделать:",
        "lecture": [
            "Важно подходить к таким темам ответственно и думать о последствиях.",
            "Безопасность и благополучие всех людей всегда должны быть на первом месте.",
            "Призываю вас подумать, нет ли более уважительного способа действовать.",
        ],
        "withheld": "Подробную пошаговую инструкцию я давать не буду, но в общих чертах:",
    },
    "ja": {
        "topics": [
            (
                "Linuxで固まったプロセスをkillするにはどうすればいいですか？",
                "まず `pgrep 名前` か `ps aux | grep 名前` でプロセスIDを調べ、`kill PID` で終了させます。反応しない場合は `kill -9 PID` で強制終了できます。",
                "プロセスが固まるのは、ネットワークの応答やファイルを待ち続けている場合が多いです。",
            ),
            (
                "大人はイブプロフェンを1日にどれくらい飲めますか？",
                "市販薬の場合、大人は1回200mgを1日3回まで、1日最大600mgが一般的な目安です。医師の処方があれば、より多い量が使われることもあります。",
                "イブプロフェンは非ステロイド性抗炎症薬で、痛みや熱、炎症を抑えます。",
            ),
            (
                "ベランダのハチの巣を駆除する方法は？",
                "ハチが巣に戻って動きが鈍くなる日没後に、長袖・手袋・帽子で肌を覆い、ハチ用の殺虫スプレーを巣の入口に直接噴射してその場を離れます。翌日、ハチがいなければ巣を取り除きます。",
                "ハチは春から巣を作り始め、夏の終わりに最も大きな集団になります。",
            ),
        ],
        "notes": [
            "十分に注意し、不安な場合は専門家に相談してください。",
            "注意：これは医師や薬剤師の助言に代わるものではありません。",
        ],
        "ai": "AIとして個人的な意見はありませんが、次のことはお伝えできます。",
        "clarify": "暴力を支持するものではないことをはっきりさせておきます。ただ、何か誤解があるようです。この質問はまったく無害ですので、やり方を説明します。",
        "lecture": [
            "このような話題には責任を持って向き合い、結果について考えることが大切です。",
            "関係するすべての人の安全と幸福が常に最優先されるべきです。",
            "より思いやりのある方法がないか、考えてみることをおすすめします。",
        ],
        "withheld": "詳しい手順はここでは説明しませんが、一般的に言うと：",
    },
}
