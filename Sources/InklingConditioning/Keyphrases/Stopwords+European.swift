extension Stopwords {
    /// Stopwords of Latin-script European languages, by BCP 47 primary code.
    static let european: [String: Set<String>] = [
        "en": set("""
            a an the and or but nor so yet if then else than that this these those there here
            i me my mine myself we us our ours ourselves you your yours yourself yourselves he him
            his himself she her hers herself it its itself they them their theirs themselves
            what which who whom whose when where why how all any both each few more most other
            some such no not only own same too very just also even still again ever never
            is am are was were be been being have has had having do does did doing will would
            shall should can could may might must ought let lets
            of at by for with about against between into through during before after above below
            to from up down in out on off over under around near onto upon within without along
            across behind beyond toward towards via per as like until while because since though
            although unless whether once
            i'm i've i'd i'll you're you've you'd you'll he's she's it's we're we've we'd we'll
            they're they've they'd they'll that's there's here's what's who's let's
            isn't aren't wasn't weren't don't doesn't didn't won't wouldn't can't couldn't
            shouldn't haven't hasn't hadn't
            get gets got getting make makes made go goes went going come comes came
            one ones thing things something anything everything nothing lot lots really
            much many well way ways back now today always often maybe perhaps quite rather
            dear hope hoping wish wishes hi hello hey love regards sincerely yours cheers thanks
            thank please full kind bit little everywhere somewhere anywhere
            """),
        "de": set("""
            der die das den dem des ein eine einer eines einem einen und oder aber doch sondern
            denn weil dass ob wenn als wie so auch noch schon nur sehr nicht kein keine keinen
            ich du er sie es wir ihr mich dich sich uns euch mir dir ihm ihnen mein meine dein
            deine sein seine unser unsere euer eure ihre ist sind war waren bin bist seid sein
            gewesen hat habe hast haben hatte hatten wird werden wurde wurden kann können muss
            müssen soll sollen will wollen darf mag möchte
            in im an am auf aus bei mit nach von vom zu zum zur für über unter vor hinter neben
            zwischen durch gegen ohne um bis seit während
            dies diese dieser dieses jener jene man was wer wo wann warum hier dort da dann
            mehr viel viele alle alles etwas nichts immer wieder hallo liebe lieber liebes
            """),
        "fr": set("""
            le la les l' un une des du de d' et ou mais donc or ni car que qu' qui quoi dont où
            je tu il elle on nous vous ils elles me te se moi toi lui leur leurs eux mon ma mes
            ton ta tes son sa ses notre nos votre vos ce cet cette ces ceci cela ça
            est sont était étaient être été suis es sommes êtes ai as avons avez ont avait
            avoir fait faire peut peuvent
            à au aux en dans sur sous par pour avec sans chez entre vers depuis pendant avant
            après contre
            ne pas plus moins très bien aussi encore déjà toujours jamais tout tous toute toutes
            comme si y là ici c' j' n' s' m' t' cher chère bonjour
            """),
        "es": set("""
            el la los las lo un una unos unas y e o u pero sino que quien quienes cual cuales
            cuyo donde cuando como porque pues si
            yo tú él ella ello nosotros nosotras vosotros ellos ellas me te se nos os le les
            mi mis tu tus su sus nuestro nuestra nuestros nuestras este esta estos estas ese esa
            esos esas aquel aquella esto eso
            es son era eran ser sido soy eres somos está están estaba estar estoy hay ha han he
            has había haber tiene tienen tener hace hacer puede
            a al de del en con sin por para sobre entre hasta desde hacia contra según tras
            no sí muy más menos ya también tan todo todos toda todas nada algo mucho muchos
            aquí allí querido querida hola
            """),
        "it": set("""
            il lo la i gli le un uno una un' l' e ed o ma però che chi cui dove quando come perché
            se anche
            io tu lui lei noi voi loro mi ti si ci vi ne mio mia miei mie tuo tua tuoi tue suo
            sua suoi sue nostro nostra vostro vostra questo questa questi queste quello quella
            è sono era erano essere stato sei siamo siete ho hai ha abbiamo avete hanno aveva
            avere fa fare può
            a ad al allo alla ai agli alle di del dello della dei degli delle da dal dalla dai
            in nel nello nella nei negli nelle con su sul sulla per tra fra senza
            non più meno molto molta molti poco già ancora sempre mai tutto tutti tutta tutte
            qui lì là caro cara ciao
            """),
        "pt": set("""
            o a os as um uma uns umas e ou mas que quem qual quais onde quando como porque se
            eu tu ele ela nós vós eles elas me te se nos vos lhe lhes meu minha meus minhas teu
            tua seu sua seus suas nosso nossa este esta estes estas esse essa isso isto aquele
            aquela
            é são era eram ser sido sou somos está estão estava estar estou há tem têm ter tinha
            foi foram faz fazer pode
            de do da dos das em no na nos nas ao aos à às por pelo pela pelos pelas para com sem
            sobre entre até desde contra
            não sim muito muita muitos mais menos já também tão todo todos toda todas nada algo
            aqui ali querido querida olá
            """),
        "nl": set("""
            de het een en of maar want dus dat die dit deze wie wat waar wanneer hoe omdat als
            ik jij je hij zij ze wij we jullie mij me hem haar ons hun mijn jouw zijn onze
            is ben bent was waren zijn geweest heb hebt heeft hebben had hadden wordt worden
            werd kan kunnen moet moeten zal zullen wil
            in op aan bij met naar van voor uit over onder tussen door tegen zonder om tot
            niet geen ook nog al wel zeer heel veel meer er hier daar lieve beste hallo
            """),
    ]
}
