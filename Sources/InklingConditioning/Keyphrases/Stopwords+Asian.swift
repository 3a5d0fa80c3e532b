extension Stopwords {
    /// Japanese particles, auxiliaries, copulas, demonstratives and formal nouns, as ICU's
    /// dictionary segmentation produces them.
    static let japanese: Set<String> = set("""
        は が を に へ と で も の や か ね よ な わ ぞ さ から まで より など だけ しか ばかり
        ほど くらい ぐらい って とか けど けれど けれども ので のに ながら たり し
        です でし でした ます まし ました ません ませ だ だっ だった である であり で は
        た て てる ている い いる いた いま ある あっ あり あれ する し した して しま
        しまう れる られ られる せる させる ない なかっ なく ぬ う よう そう らしい みたい
        こと もの ところ とき ため はず わけ これ それ あれ どれ この その あの どの ここ
        そこ あそこ どこ こちら そちら 私 わたし 僕 ぼく あなた 彼 彼女 さん ちゃん くん 様
        なる なっ なり とても すごく 本当 ちょっと もう まだ また いつも よく 一 お ご
        """)

    /// Korean function words that particle stripping leaves behind: adverbs, conjunctions,
    /// pronouns, copulas and the most common verb and adjective forms.
    static let korean: Set<String> = set("""
        그리고 그러나 하지만 그래서 그런데 또 또는 및 즉 정말 너무 아주 매우 참 좀 조금 많이
        다 더 잘 못 안 같이 함께 그 이 저 그것 이것 저것 여기 거기 저기 나 너 저희 우리
        당신 제 내 네 것 수 때 등 있다 있어요 있습니다 있는 있고 없다 없어요 합니다 해요
        하다 했다 했어요 한 할 하는 되다 돼요 됩니다 입니다 이에요 예요 이다 같은 같아요
        좋아요 좋은 좋다 안녕 안녕하세요 사랑해요 고마워요 감사합니다
        """)

    /// Chinese structural particles, pronouns and function words.
    static let chinese: Set<String> = set("""
        的 了 是 在 和 与 及 或 而 并 也 就 都 很 太 更 最 又 还 我 你 他 她 它 我们 你们
        他们 她们 这 那 这个 那个 这些 那些 有 没有 个 一 一个 不 没 吗 呢 啊 吧 着 过 把
        被 让 给 从 对 为 向 到 里 上 下 中 之 其 所 以 于 地 得 会 能 要 想 可以 非常
        真 好 很多 许多 一些 喜欢 爱 看 去 来 说 觉得 知道 亲爱 亲爱的 希望 祝 祝你 你好
        """)
}
